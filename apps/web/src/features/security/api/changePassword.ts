import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, messageBodySchema, type ChangePasswordBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { securityQueryKeys } from '../queryKeys';

/** PUT /api/user/password: a new password after a step-up; the other sessions end, so their list is read again. */
export function changePassword(body: ChangePasswordBody): Promise<string> {
  return apiFetch(API_PATHS.security.password, { method: 'PUT', body }, (data) => messageBodySchema.parse(data).message);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePassword, onSuccess: () => queryClient.invalidateQueries({ queryKey: securityQueryKeys.all }) });
}
