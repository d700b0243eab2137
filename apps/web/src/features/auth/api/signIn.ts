import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type SessionUser, type SignInBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { announceSignedIn, applySignedIn } from '../sessionChannel';
import { parseSessionUser } from '../sessionUser';

/** The password was right; the account asks for its second factor next (docs/decisions/0016). */
export interface SecondFactorStep {
  secondFactorRequired: true;
  methods: string[];
}

export type SignInAnswer = SessionUser | SecondFactorStep;

export const needsSecondFactor = (answer: SignInAnswer): answer is SecondFactorStep => 'secondFactorRequired' in answer;

/** Hand-written, as parseSessionUser: the storefront entry carries no zod. */
function parseSignInAnswer(data: unknown): SignInAnswer {
  const step = data as { secondFactorRequired?: unknown; methods?: unknown } | null;
  if (step && step.secondFactorRequired === true && Array.isArray(step.methods)) {
    return { secondFactorRequired: true, methods: step.methods.filter((method): method is string => typeof method === 'string') };
  }
  return parseSessionUser(data);
}

export function signIn(body: SignInBody): Promise<SignInAnswer> {
  return apiFetch(API_PATHS.user.signIn, { method: 'POST', body }, parseSignInAnswer);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (answer) => {
      if (needsSecondFactor(answer)) return;
      applySignedIn(queryClient, answer);
      announceSignedIn(answer);
    },
  });
}
