import { useMutation } from '@tanstack/react-query';
import { API_PATHS, type StepUpBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';

/** POST /api/user/2fa/step-up: a code, a recovery code or (without a second factor) the password. */
export function stepUp(body: StepUpBody): Promise<unknown> {
  return apiFetch(API_PATHS.security.stepUp, { method: 'POST', body });
}

export function useStepUp() {
  return useMutation({ mutationFn: stepUp });
}
