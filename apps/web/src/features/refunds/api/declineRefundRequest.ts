import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, refundRequestSchema, type RefundRequest } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { refundQueryKeys } from '../queryKeys';

/** PUT /api/purchase/refundRequests/{id}/decline (Admin): the buyer reads the reason. */
export function declineRefundRequest(id: string, reason: string): Promise<RefundRequest> {
  return apiFetch(apiPath(API_PATHS.purchase.declineRefundRequest, { id }), { method: 'PUT', body: { reason } }, (data) =>
    refundRequestSchema.parse(data),
  );
}

export function useDeclineRefundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => declineRefundRequest(id, reason),
    onSettled: () => queryClient.invalidateQueries({ queryKey: refundQueryKeys.all }),
  });
}
