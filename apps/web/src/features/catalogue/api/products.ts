import { useQuery } from '@tanstack/react-query';
import { API_PATHS, type ProductStatus, type SubCategory } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { parseProductList } from '../parse';
import { catalogueKeys } from './keys';

export interface ProductFilters {
  status?: ProductStatus;
  subCategory?: SubCategory;
}

/** GET /api/product/uploaded-products?status=&subCategory= */
export function getProducts(filters: ProductFilters, signal?: AbortSignal) {
  const query = new URLSearchParams(filters as Record<string, string>).toString();
  return apiFetch(`${API_PATHS.product.list}${query ? `?${query}` : ''}`, { signal }, parseProductList);
}

export function useProductsQuery(filters: ProductFilters, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: catalogueKeys.list(filters as Record<string, string>),
    queryFn: ({ signal }) => getProducts(filters, signal),
    enabled: options.enabled ?? true,
  });
}
