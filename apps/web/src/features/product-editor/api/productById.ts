import { useQuery } from '@tanstack/react-query';
import { API_PATHS, apiPath, productDetailSchema, type ProductDetail } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { productQueryKeys } from '../queryKeys';

/** GET /api/product/{id}: the full product (sourceCodeUrl only for its owner and admins). */
export function getProduct(id: string, signal?: AbortSignal): Promise<ProductDetail> {
  return apiFetch(apiPath(API_PATHS.product.byId, { id }), signal ? { signal } : {}, (data) => productDetailSchema.parse(data));
}

export function useProduct(id: string, enabled = true) {
  return useQuery({
    queryKey: productQueryKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    enabled,
    // The edit form must start from what is stored now, not from a list seen minutes ago.
    staleTime: 0,
  });
}
