import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { forgetStoredUser } from '../sessionUser';
import { sessionQueryKey } from './currentUser';

export async function signOut(): Promise<void> {
  await apiFetch(API_PATHS.user.signOut, { method: 'POST' });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    // Forget the user locally even when the call fails: a stale cookie then expires server side.
    onSettled: async () => {
      forgetStoredUser();
      await queryClient.cancelQueries({ queryKey: sessionQueryKey });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, null);
    },
  });
}
