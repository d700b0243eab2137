import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type SessionUser, type SignInBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { announceSignedIn, applySignedIn } from '../sessionChannel';
import { parseSessionUser } from '../sessionUser';

export function signIn(body: SignInBody): Promise<SessionUser> {
  return apiFetch(API_PATHS.user.signIn, { method: 'POST', body }, parseSessionUser);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (user) => {
      applySignedIn(queryClient, user);
      announceSignedIn(user);
    },
  });
}
