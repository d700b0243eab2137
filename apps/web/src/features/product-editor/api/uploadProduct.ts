import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { API_PATHS, idSchema } from '@market/contracts';
import { productQueryKeys } from '../queryKeys';
import { sendWithProgress, type ProgressOptions } from '@/lib/sendWithProgress';

export interface UploadProductVariables extends ProgressOptions {
  body: FormData;
  /** A UUID made once per upload attempt: the server answers a repeat with the first result. */
  idempotencyKey: string;
}

/** Of the stored product the upload answers with, the wizard needs only its id. */
const uploadedSchema = z.object({ _id: idSchema });

/** POST /api/product/uploadProduct (multipart, docs/product-spec.md §7). 201 with the stored product; resolves with its id. */
export async function uploadProduct({ body, idempotencyKey, ...options }: UploadProductVariables): Promise<string> {
  const answer = await sendWithProgress('POST', API_PATHS.product.upload, body, {
    ...options,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return uploadedSchema.parse(answer)._id;
}

export function useUploadProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProduct,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productQueryKeys.all }),
  });
}
