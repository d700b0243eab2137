import { useQuery } from '@tanstack/react-query';
import { apiPath, API_PATHS, licenceListSchema, licenceSchema, type Licence } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { licenceQueryKeys } from '../queryKeys';

/** GET /api/licence/mine: the buyer's licences, newest first. */
export function getMyLicences(signal?: AbortSignal): Promise<Licence[]> {
  return apiFetch(API_PATHS.licence.mine, signal ? { signal } : {}, (data) => licenceListSchema.parse(data));
}

export function useMyLicences(enabled = true) {
  return useQuery({ queryKey: licenceQueryKeys.mine, queryFn: ({ signal }) => getMyLicences(signal), enabled });
}

/** GET /api/licence/{code}: one licence, to its buyer or an admin. */
export function getLicence(code: string, signal?: AbortSignal): Promise<Licence> {
  return apiFetch(apiPath(API_PATHS.licence.byCode, { code }), signal ? { signal } : {}, (data) => licenceSchema.parse(data));
}

export function useLicence(code: string) {
  return useQuery({ queryKey: licenceQueryKeys.byCode(code), queryFn: ({ signal }) => getLicence(code, signal), retry: false });
}
