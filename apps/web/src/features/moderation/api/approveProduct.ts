import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath, type ProductApprovalBody } from '@market/contracts';
import { productQueryKeys } from '@/features/product-editor';
import { apiFetch } from '@/lib/api';

export interface ApproveProduct {
  id: string;
  /** The release whose archive checks the admin was shown; the server refuses (409) if a newer one replaced it. */
  releaseId?: string;
}

/** PUT /api/product/approved-product/{id}: Pending becomes Approved with the archive under review (admins only). */
export async function approveProduct({ id, releaseId }: ApproveProduct): Promise<void> {
  const body: ProductApprovalBody | undefined = releaseId ? { releaseId } : undefined;
  await apiFetch(apiPath(API_PATHS.product.approve, { id }), body ? { method: 'PUT', body } : { method: 'PUT' });
}

/**
 * The lists reload after each approval (docs/product-spec.md section 4), and after a refusal too:
 * a 409 means the seller sent a new archive, whose checks the row must show before another try.
 */
export function useApproveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveProduct,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productQueryKeys.all }),
  });
}
