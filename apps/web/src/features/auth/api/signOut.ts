import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { announceSignedOut, applySignedOut } from '../sessionChannel';

export async function signOut(): Promise<void> {
  await apiFetch(API_PATHS.user.signOut, { method: 'POST' });
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    // Forget the user locally even when the call fails: a stale cookie then expires server side.
    onSettled: async () => {
      announceSignedOut();
      await applySignedOut(queryClient);
    },
  });
}
