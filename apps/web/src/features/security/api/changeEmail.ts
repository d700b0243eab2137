import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, sessionUserSchema, type ChangeEmailBody, type SessionUser } from '@market/contracts';
import { applySignedIn } from '@/features/auth';
import { apiFetch } from '@/lib/api';

/** PUT /api/user/email: the address the account signs in with, after a step-up (the dialog asks in place). */
export function changeEmail(body: ChangeEmailBody): Promise<SessionUser> {
  return apiFetch(API_PATHS.security.email, { method: 'PUT', body }, (data) => sessionUserSchema.parse(data));
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeEmail, onSuccess: (user) => applySignedIn(queryClient, user) });
}
