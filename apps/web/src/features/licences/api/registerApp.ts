import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, licenceSchema, type Licence, type RegisterAppBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { licenceChanged } from './licenceChanged';

/** POST /api/licence/{code}/apps: the app that uses the licence. */
export function registerApp(code: string, body: RegisterAppBody): Promise<Licence> {
  return apiFetch(apiPath(API_PATHS.licence.apps, { code }), { method: 'POST', body: { ...body } }, (data) => licenceSchema.parse(data));
}

export function useRegisterApp(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterAppBody) => registerApp(code, body),
    onSuccess: (licence) => licenceChanged(queryClient, licence),
  });
}
