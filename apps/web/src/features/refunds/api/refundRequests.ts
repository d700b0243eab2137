import { useQuery } from '@tanstack/react-query';
import { API_PATHS, refundRequestListSchema, type RefundRequest, type RefundRequestStatus } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { refundQueryKeys } from '../queryKeys';

/** GET /api/purchase/refundRequests (Admin): newest first, of one status or all. */
export function getRefundRequests(status: RefundRequestStatus | undefined, signal?: AbortSignal): Promise<RefundRequest[]> {
  const path = status ? `${API_PATHS.purchase.refundRequests}?status=${status}` : API_PATHS.purchase.refundRequests;
  return apiFetch(path, signal ? { signal } : {}, (data) => refundRequestListSchema.parse(data));
}

export function useRefundRequests(status?: RefundRequestStatus) {
  return useQuery({ queryKey: refundQueryKeys.list(status), queryFn: ({ signal }) => getRefundRequests(status, signal) });
}
