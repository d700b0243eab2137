import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, connectPayoutSchema, type ConnectPayout } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { MONEY_QUERY_ROOT, PAYOUTS_QUERY_ROOT } from '@/lib/queryKeys';

/** POST /api/payout/transfer: the seller's available balance, less the fee, sent to their Stripe account now. */
export function sendPayout(): Promise<ConnectPayout> {
  return apiFetch(API_PATHS.payoutAccount.transfer, { method: 'POST' }, (data) => connectPayoutSchema.parse(data));
}

export function useSendPayout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendPayout,
    // The balance, the earnings figures and the payouts list all moved.
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [MONEY_QUERY_ROOT] }),
        client.invalidateQueries({ queryKey: [PAYOUTS_QUERY_ROOT] }),
      ]),
  });
}
