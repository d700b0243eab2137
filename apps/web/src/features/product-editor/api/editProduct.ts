import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath, productDetailSchema, type ProductDetail } from '@market/contracts';
import { productQueryKeys } from '../queryKeys';
import { sendWithProgress, type ProgressOptions } from '@/lib/sendWithProgress';

export interface EditProductVariables extends ProgressOptions {
  id: string;
  body: FormData;
}

/**
 * PUT /api/product/editProduct/{id} (multipart, docs/product-spec.md §7); files left out keep the current ones.
 * Answers the product as it now is: for a seller's edit of an approved one, the live listing with its change waiting.
 */
export async function editProduct({ id, body, ...options }: EditProductVariables): Promise<ProductDetail> {
  return productDetailSchema.parse(await sendWithProgress('PUT', apiPath(API_PATHS.product.edit, { id }), body, options));
}

export function useEditProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productQueryKeys.all }),
  });
}
