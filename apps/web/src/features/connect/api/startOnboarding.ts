import { useMutation } from '@tanstack/react-query';
import { API_PATHS, payoutOnboardingSchema, type PayoutOnboarding } from '@market/contracts';
import { apiFetch } from '@/lib/api';

/** POST /api/payout/account: the seller's Stripe account (made once) and a fresh onboarding link to it. */
export function startOnboarding(): Promise<PayoutOnboarding> {
  return apiFetch(API_PATHS.payoutAccount.account, { method: 'POST' }, (data) => payoutOnboardingSchema.parse(data));
}

export function useStartOnboarding() {
  return useMutation({ mutationFn: startOnboarding });
}
