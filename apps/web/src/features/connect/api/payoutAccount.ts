import { useQuery } from '@tanstack/react-query';
import { API_PATHS, payoutAccountSchema, type PayoutAccount } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { connectQueryKeys } from '../queryKeys';

/** GET /api/payout/account: the payout mode and the seller's Stripe account; `refresh` asks Stripe first. */
export function fetchPayoutAccount(refresh: boolean, signal?: AbortSignal): Promise<PayoutAccount> {
  const path = refresh ? `${API_PATHS.payoutAccount.account}?refresh=true` : API_PATHS.payoutAccount.account;
  return apiFetch(path, signal ? { signal } : {}, (data) => payoutAccountSchema.parse(data));
}

export function usePayoutAccount(refresh: boolean) {
  return useQuery({
    queryKey: connectQueryKeys.account(refresh),
    queryFn: ({ signal }) => fetchPayoutAccount(refresh, signal),
    staleTime: 0,
  });
}
