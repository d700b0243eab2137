import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, licenceSchema, type Licence, type UpdateAppBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { licenceChanged } from './licenceChanged';

/** PUT /api/licence/{code}/apps/{appId}: a registered app's name or store address. */
export function updateApp(code: string, appId: string, body: UpdateAppBody): Promise<Licence> {
  return apiFetch(apiPath(API_PATHS.licence.app, { code, appId }), { method: 'PUT', body: { ...body } }, (data) =>
    licenceSchema.parse(data),
  );
}

export function useUpdateApp(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appId, body }: { appId: string; body: UpdateAppBody }) => updateApp(code, appId, body),
    onSuccess: (licence) => licenceChanged(queryClient, licence),
  });
}
