import { useQuery } from '@tanstack/react-query';
import { API_PATHS, hireRequestListSchema, type HireRequest } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { hireKeys } from './keys';

/** GET /api/developer/allDevelopers (admins only): hire requests, newest first. */
export function getHireRequests(signal?: AbortSignal): Promise<HireRequest[]> {
  return apiFetch(API_PATHS.developer.all, { signal }, (data) => hireRequestListSchema.parse(data));
}

export function useHireRequests() {
  return useQuery({ queryKey: hireKeys.all, queryFn: ({ signal }) => getHireRequests(signal), staleTime: 0 });
}
