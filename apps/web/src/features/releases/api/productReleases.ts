import { useQuery } from '@tanstack/react-query';
import { API_PATHS, apiPath, type Release, releaseListSchema } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { releaseQueryKeys } from '../queryKeys';

/** GET /api/product/{id}/releases: approved ones newest first (every one for the owner and admins). */
export function getProductReleases(productId: string, signal?: AbortSignal): Promise<Release[]> {
  return apiFetch(apiPath(API_PATHS.product.releases, { id: productId }), signal ? { signal } : {}, (data) =>
    releaseListSchema.parse(data),
  );
}

export function useProductReleases(productId: string) {
  return useQuery({
    queryKey: releaseQueryKeys.ofProduct(productId),
    queryFn: ({ signal }) => getProductReleases(productId, signal),
  });
}
