import { useQuery } from '@tanstack/react-query';
import { API_PATHS, apiPath, hireRequestSchema, type HireRequest } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { hireKeys } from './keys';

/** GET /api/developer/developerById/{id} (admins only). */
export function getHireRequest(id: string, signal?: AbortSignal): Promise<HireRequest> {
  return apiFetch(apiPath(API_PATHS.developer.byId, { id }), { signal }, (data) => hireRequestSchema.parse(data));
}

export function useHireRequestById(id: string) {
  return useQuery({ queryKey: hireKeys.byId(id), queryFn: ({ signal }) => getHireRequest(id, signal) });
}
