import { useMutation } from '@tanstack/react-query';
import { API_PATHS, type ForgotPasswordBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { parseMessage } from './parseMessage';

/** Asks the server to mail a reset link; it answers the same whether or not the email has an account. */
export function requestPasswordReset(body: ForgotPasswordBody): Promise<string> {
  return apiFetch(API_PATHS.user.forgotPassword, { method: 'POST', body }, parseMessage);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
