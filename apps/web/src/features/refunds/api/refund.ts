import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, refundResultSchema, type RefundBody, type RefundResult } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { PURCHASES_QUERY_ROOT } from '@/lib/queryKeys';
import { refundQueryKeys } from '../queryKeys';

/** POST /api/purchase/refund (Admin): one line, or the whole purchase without productId. */
export function refund(body: RefundBody): Promise<RefundResult> {
  return apiFetch(API_PATHS.purchase.refund, { method: 'POST', body: { ...body } }, (data) => refundResultSchema.parse(data));
}

export function useRefund() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refund,
    // A refund revokes a licence and answers its request, whether it succeeded or was made before.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [PURCHASES_QUERY_ROOT] }),
        queryClient.invalidateQueries({ queryKey: refundQueryKeys.all }),
      ]),
  });
}
