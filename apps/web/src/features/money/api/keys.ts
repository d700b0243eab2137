import { MONEY_QUERY_ROOT } from '@/lib/queryKeys';

/** Every money query lives under this root: one invalidation after a withdrawal refreshes cards and lists. */
export const moneyQueryKeys = {
  all: [MONEY_QUERY_ROOT] as const,
  earnings: () => [MONEY_QUERY_ROOT, 'earnings'] as const,
  sales: (limit: number) => [MONEY_QUERY_ROOT, 'sales', limit] as const,
  statement: (sellerId: string | undefined, page: number) => [MONEY_QUERY_ROOT, 'statement', sellerId ?? 'mine', page] as const,
  withdrawals: (status?: string) => [MONEY_QUERY_ROOT, 'withdrawals', status ?? 'all'] as const,
};
