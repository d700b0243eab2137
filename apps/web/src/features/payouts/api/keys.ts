import { PAYOUTS_QUERY_ROOT } from '@/lib/queryKeys';

/** Every payouts query lives under this root: placing or releasing a hold refreshes them all. */
export const payoutQueryKeys = {
  all: [PAYOUTS_QUERY_ROOT] as const,
  status: () => [PAYOUTS_QUERY_ROOT, 'status'] as const,
  holdsOf: (sellerId: string) => [PAYOUTS_QUERY_ROOT, 'holds', sellerId] as const,
};
