import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, refundRequestSchema, type RefundRequest, type RefundRequestBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { PURCHASES_QUERY_ROOT } from '@/lib/queryKeys';

/** POST /api/purchase/refundRequest: the buyer asks, within 7 days, once per licence. */
export function askForRefund(body: RefundRequestBody): Promise<RefundRequest> {
  return apiFetch(API_PATHS.purchase.refundRequest, { method: 'POST', body: { ...body } }, (data) => refundRequestSchema.parse(data));
}

export function useAskForRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: askForRefund,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PURCHASES_QUERY_ROOT] }),
  });
}
