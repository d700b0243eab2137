import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath } from '@market/contracts';
import { productQueryKeys } from '@/features/product-editor';
import { apiFetch } from '@/lib/api';

/** PUT /api/product/reject-product/{id}, no body: the product is stored as Rejected (admins only). */
export async function rejectProduct(id: string): Promise<void> {
  await apiFetch(apiPath(API_PATHS.product.reject, { id }), { method: 'PUT' });
}

/** SPEC.md 4: the lists reload after each rejection. */
export function useRejectProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productQueryKeys.all }),
  });
}
