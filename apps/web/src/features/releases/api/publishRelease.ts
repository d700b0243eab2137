import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath, type Release, releaseSchema } from '@market/contracts';
import { PRODUCTS_QUERY_ROOT, PURCHASES_QUERY_ROOT } from '@/lib/queryKeys';
import { type ProgressOptions, sendWithProgress } from '@/lib/sendWithProgress';

export interface PublishReleaseVariables extends ProgressOptions {
  productId: string;
  /** version, changelog, engineVersion (text) and sourceCode (the .zip). */
  body: FormData;
}

/** POST /api/product/{id}/releases (multipart), with upload progress: archives are large. */
export async function publishRelease({ productId, body, ...options }: PublishReleaseVariables): Promise<Release> {
  return releaseSchema.parse(await sendWithProgress('POST', apiPath(API_PATHS.product.releases, { id: productId }), body, options));
}

export function usePublishRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishRelease,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [PRODUCTS_QUERY_ROOT] }),
        queryClient.invalidateQueries({ queryKey: [PURCHASES_QUERY_ROOT] }),
      ]);
    },
  });
}
