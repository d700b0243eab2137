import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, licenceSchema, type Licence } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { PURCHASES_QUERY_ROOT } from '@/lib/queryKeys';
import { licenceChanged } from './licenceChanged';

/** PUT /api/licence/{code}/revoke (Admin): no more downloads, apps or valid verifications. */
export function revokeLicence(code: string, reason: string): Promise<Licence> {
  return apiFetch(apiPath(API_PATHS.licence.revoke, { code }), { method: 'PUT', body: { reason } }, (data) => licenceSchema.parse(data));
}

export function useRevokeLicence(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => revokeLicence(code, reason),
    onSuccess: (licence) => {
      licenceChanged(queryClient, licence);
      // Its purchase line can no longer be downloaded.
      void queryClient.invalidateQueries({ queryKey: [PURCHASES_QUERY_ROOT] });
    },
  });
}
