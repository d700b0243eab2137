import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type ResetPasswordBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { parseMessage } from './parseMessage';
import { forgetStoredUser } from '../sessionUser';
import { sessionQueryKey } from './currentUser';

/** Sets a new password with the mailed token; the server ends every session of that user. */
export function resetPassword(body: ResetPasswordBody): Promise<string> {
  return apiFetch(API_PATHS.user.resetPassword, { method: 'POST', body }, parseMessage);
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    // Signed out everywhere, this tab included.
    onSuccess: () => {
      forgetStoredUser();
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
