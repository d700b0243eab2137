import type { RefundRequestStatus } from '@market/contracts';

/** The admin's refund request lists: answering one refreshes them all. */
export const refundQueryKeys = {
  all: ['refund-requests'] as const,
  list: (status: RefundRequestStatus | undefined) => ['refund-requests', status ?? 'all'] as const,
};
