import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath } from '@market/contracts';
import { productQueryKeys } from '@/features/product-editor';
import { apiFetch } from '@/lib/api';

/** DELETE /api/product/delProduct/{id}, after confirmation (admins only). */
export async function deleteProduct(id: string): Promise<void> {
  await apiFetch(apiPath(API_PATHS.product.remove, { id }), { method: 'DELETE' });
}

/** docs/product-spec.md §4: the lists reload after each deletion. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productQueryKeys.all }),
  });
}
