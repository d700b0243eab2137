import { useMutation } from '@tanstack/react-query';
import { API_PATHS, totpEnrolmentSchema, type TotpEnrolment } from '@market/contracts';
import { apiFetch } from '@/lib/api';

/** POST /api/user/2fa/totp: a new secret waiting for its first code, with its QR code as SVG. */
export function startTotp(): Promise<TotpEnrolment> {
  return apiFetch(API_PATHS.security.totp, { method: 'POST' }, (data) => totpEnrolmentSchema.parse(data));
}

export function useStartTotp() {
  return useMutation({ mutationFn: startTotp });
}
