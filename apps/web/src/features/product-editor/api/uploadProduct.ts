import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS } from '@market/contracts';
import { productQueryKeys } from '../queryKeys';
import { sendWithProgress, type ProgressOptions } from '@/lib/sendWithProgress';

export interface UploadProductVariables extends ProgressOptions {
  body: FormData;
  /** A UUID made once per upload attempt: the server answers a repeat with the first result. */
  idempotencyKey: string;
}

/** POST /api/product/uploadProduct (multipart, SPEC.md 7). 201 on success. */
export async function uploadProduct({ body, idempotencyKey, ...options }: UploadProductVariables): Promise<void> {
  await sendWithProgress('POST', API_PATHS.product.upload, body, { ...options, headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useUploadProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productQueryKeys.all }),
  });
}
