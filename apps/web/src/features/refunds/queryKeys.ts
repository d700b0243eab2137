import type { RefundRequestStatus } from '@market/contracts';
import { REFUND_REQUESTS_QUERY_ROOT } from '@/lib/queryKeys';

/** The admin's refund request lists: answering one refreshes them all. */
export const refundQueryKeys = {
  all: [REFUND_REQUESTS_QUERY_ROOT] as const,
  list: (status: RefundRequestStatus | undefined) => [REFUND_REQUESTS_QUERY_ROOT, status ?? 'all'] as const,
};
