import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type SessionUser } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { announceSignedIn, applySignedIn } from '../sessionChannel';
import { parseSessionUser } from '../sessionUser';

export type SecondFactorProof = { code: string } | { recoveryCode: string };

/** POST /api/user/2fa/verify: the pending sign-in's cookie and a code (or a recovery code) start the session. */
export function verifySecondFactor(body: SecondFactorProof): Promise<SessionUser> {
  return apiFetch(API_PATHS.security.verify, { method: 'POST', body }, parseSessionUser);
}

export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySecondFactor,
    onSuccess: (user) => {
      applySignedIn(queryClient, user);
      announceSignedIn(user);
    },
  });
}
