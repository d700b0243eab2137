import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, hireRequestSentSchema, type HireRequestBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { hireKeys } from './keys';

/** POST /api/developer/hireADeveloper; the requirements are sanitised by the server. */
export function hireDeveloper(body: HireRequestBody) {
  return apiFetch(API_PATHS.developer.hire, { method: 'POST', body }, (data) => hireRequestSentSchema.parse(data));
}

export function useHireDeveloper() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: hireDeveloper, onSuccess: () => queryClient.invalidateQueries({ queryKey: hireKeys.all }) });
}
