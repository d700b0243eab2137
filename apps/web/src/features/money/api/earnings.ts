import { useQuery } from '@tanstack/react-query';
import { API_PATHS, earningsSchema, type Earnings } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { moneyQueryKeys } from './keys';

/** GET /api/user/earnings: the signed-in seller's figures in USD. */
export function fetchEarnings(signal?: AbortSignal): Promise<Earnings> {
  return apiFetch(API_PATHS.user.earnings, signal ? { signal } : {}, (data) => earningsSchema.parse(data));
}

export function useEarnings() {
  return useQuery({ queryKey: moneyQueryKeys.earnings(), queryFn: ({ signal }) => fetchEarnings(signal), staleTime: 0 });
}
