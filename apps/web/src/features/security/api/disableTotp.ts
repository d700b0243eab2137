import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { securityQueryKeys } from '../queryKeys';

/** DELETE /api/user/2fa/totp: needs a fresh step-up, which apiFetch asks for in place. */
export function disableTotp(): Promise<unknown> {
  return apiFetch(API_PATHS.security.totp, { method: 'DELETE' });
}

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityQueryKeys.status }),
  });
}
