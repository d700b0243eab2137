import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, licenceSchema, type Licence } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { licenceChanged } from './licenceChanged';

/** DELETE /api/licence/{code}/apps/{appId} (Admin): frees the licence for the buyer's new app. */
export function clearApp(code: string, appId: string, reason: string): Promise<Licence> {
  return apiFetch(apiPath(API_PATHS.licence.app, { code, appId }), { method: 'DELETE', body: { reason } }, (data) =>
    licenceSchema.parse(data),
  );
}

export function useClearApp(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, reason }: { appId: string; reason: string }) => clearApp(code, appId, reason),
    onSuccess: (licence) => licenceChanged(queryClient, licence),
  });
}
