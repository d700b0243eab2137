import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath, type ModerationDecisionBody } from '@market/contracts';
import { productQueryKeys } from '@/features/product-editor';
import { apiFetch } from '@/lib/api';

/** PUT /api/product/reject-product/{id} with the reason and note the seller is told (admins only). */
export async function rejectProduct({ id, decision }: { id: string; decision: ModerationDecisionBody }): Promise<void> {
  await apiFetch(apiPath(API_PATHS.product.reject, { id }), { method: 'PUT', body: decision });
}

/** docs/product-spec.md §4: the lists reload after each rejection. */
export function useRejectProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productQueryKeys.all }),
  });
}
