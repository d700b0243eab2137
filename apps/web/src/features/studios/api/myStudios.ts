import { useQuery } from '@tanstack/react-query';
import { API_PATHS, myStudiosSchema, type MyStudios } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { studioQueryKeys } from '../queryKeys';

/** GET /api/user/studios: the studios the person belongs to and the one this session acts for. */
export function getMyStudios(signal?: AbortSignal): Promise<MyStudios> {
  return apiFetch(API_PATHS.studio.mine, signal ? { signal } : {}, (data) => myStudiosSchema.parse(data));
}

export function useMyStudios(enabled = true) {
  return useQuery({ queryKey: studioQueryKeys.mine, queryFn: ({ signal }) => getMyStudios(signal), enabled, staleTime: 0 });
}
