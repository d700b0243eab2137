import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { securityQueryKeys } from '../queryKeys';

/** DELETE /api/user/sessions/{id}: signs that browser out. */
export function revokeSession(id: string): Promise<unknown> {
  return apiFetch(apiPath(API_PATHS.security.session, { id }), { method: 'DELETE' });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityQueryKeys.sessions }),
  });
}
