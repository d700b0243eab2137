import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, messageBodySchema } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { securityQueryKeys } from '../queryKeys';

/** DELETE /api/user/sessions: every other browser is signed out; this one stays. */
export async function revokeOtherSessions(): Promise<string> {
  return (await apiFetch(API_PATHS.security.sessions, { method: 'DELETE' }, (data) => messageBodySchema.parse(data))).message;
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityQueryKeys.sessions }),
  });
}
