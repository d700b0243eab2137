/** Every money query lives under this root: one invalidation after a withdrawal refreshes cards and lists. */
export const moneyQueryKeys = {
  all: ['money'] as const,
  earnings: () => ['money', 'earnings'] as const,
  sales: (limit: number) => ['money', 'sales', limit] as const,
  withdrawals: (status?: string) => ['money', 'withdrawals', status ?? 'all'] as const,
};
