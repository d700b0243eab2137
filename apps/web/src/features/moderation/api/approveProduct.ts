import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath } from '@market/contracts';
import { productQueryKeys } from '@/features/product-editor';
import { apiFetch } from '@/lib/api';

/** PUT /api/product/approved-product/{id}, no body: Pending becomes Approved (admins only). */
export async function approveProduct(id: string): Promise<void> {
  await apiFetch(apiPath(API_PATHS.product.approve, { id }), { method: 'PUT' });
}

/** SPEC.md 4: the lists reload after each approval. */
export function useApproveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productQueryKeys.all }),
  });
}
