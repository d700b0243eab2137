import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, recoveryCodesSchema, type RecoveryCodes } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { securityQueryKeys } from '../queryKeys';

/** PUT /api/user/2fa/totp: the first code turns TOTP on; the answer holds the recovery codes, this once. */
export function confirmTotp(code: string): Promise<RecoveryCodes> {
  return apiFetch(API_PATHS.security.totp, { method: 'PUT', body: { code } }, (data) => recoveryCodesSchema.parse(data));
}

export function useConfirmTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityQueryKeys.status }),
  });
}
