import { useQuery } from '@tanstack/react-query';
import { API_PATHS, twoFactorStatusSchema, type TwoFactorStatus } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { securityQueryKeys } from '../queryKeys';

/** GET /api/user/2fa: what protects the account now. */
export function getTwoFactorStatus(signal?: AbortSignal): Promise<TwoFactorStatus> {
  return apiFetch(API_PATHS.security.twoFactor, signal ? { signal } : {}, (data) => twoFactorStatusSchema.parse(data));
}

export function useTwoFactorStatus() {
  return useQuery({ queryKey: securityQueryKeys.status, queryFn: ({ signal }) => getTwoFactorStatus(signal) });
}
