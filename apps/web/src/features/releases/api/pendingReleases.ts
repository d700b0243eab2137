import { useQuery } from '@tanstack/react-query';
import { API_PATHS, type Release, releaseListSchema } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { releaseQueryKeys } from '../queryKeys';

/** GET /api/product/releases/pending (admins): releases waiting for review, oldest first. */
export function getPendingReleases(signal?: AbortSignal): Promise<Release[]> {
  return apiFetch(API_PATHS.product.pendingReleases, signal ? { signal } : {}, (data) => releaseListSchema.parse(data));
}

export function usePendingReleases() {
  return useQuery({ queryKey: releaseQueryKeys.pending, queryFn: ({ signal }) => getPendingReleases(signal) });
}
