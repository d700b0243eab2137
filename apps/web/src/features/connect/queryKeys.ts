import { MONEY_QUERY_ROOT } from '@/lib/queryKeys';

/** Under the money root: a withdrawal or payout refreshes the seller's payout account too. */
export const connectQueryKeys = {
  account: (refresh: boolean) => [MONEY_QUERY_ROOT, 'payout-account', refresh ? 'from-stripe' : 'stored'] as const,
  payouts: () => [MONEY_QUERY_ROOT, 'connect-payouts'] as const,
};
