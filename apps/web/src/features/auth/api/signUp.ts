import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type SessionUser, type SignUpBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { parseSessionUser, storeUser } from '../sessionUser';
import { sessionQueryKey } from './currentUser';

export type SignUpFields = Omit<SignUpBody, 'role'>;

/** docs/product-spec.md: the role is always sent as 'User'; the server ignores it anyway. */
export function signUp(fields: SignUpFields): Promise<SessionUser> {
  return apiFetch(API_PATHS.user.addUser, { method: 'POST', body: { ...fields, role: 'User' } }, parseSessionUser);
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    // The server opens a session on sign-up, so the header and storage agree with it.
    onSuccess: (user) => {
      storeUser(user);
      queryClient.setQueryData(sessionQueryKey, user);
    },
  });
}
