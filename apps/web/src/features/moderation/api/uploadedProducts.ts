import { useQuery } from '@tanstack/react-query';
import { API_PATHS, productSummaryListSchema, type ProductStatus, type ProductSummary } from '@market/contracts';
import { PRODUCTS_QUERY_ROOT } from '@/lib/queryKeys';
import { apiFetch } from '@/lib/api';

export interface UploadedProductsFilter {
  status?: ProductStatus;
  /** Only the signed-in user's own products, whatever their status. */
  mine?: boolean;
}

/** GET /api/product/uploaded-products?status=…&mine=true */
export function listUploadedProducts(filter: UploadedProductsFilter, signal?: AbortSignal): Promise<ProductSummary[]> {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.mine) params.set('mine', 'true');
  const query = params.toString();
  return apiFetch(query ? `${API_PATHS.product.list}?${query}` : API_PATHS.product.list, signal ? { signal } : {}, (data) =>
    productSummaryListSchema.parse(data),
  );
}

export function useUploadedProducts(filter: UploadedProductsFilter, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [PRODUCTS_QUERY_ROOT, 'uploaded', filter],
    queryFn: ({ signal }) => listUploadedProducts(filter, signal),
    staleTime: 0,
    enabled: options.enabled ?? true,
  });
}
