import { useQuery } from '@tanstack/react-query';
import { storefrontUrls, type ProductFilters } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { parseProductList } from '../parse';
import { catalogueKeys } from './keys';

export type { ProductFilters };

/** GET /api/product/uploaded-products?status=&subCategory= */
export function getProducts(filters: ProductFilters, signal?: AbortSignal) {
  return apiFetch(storefrontUrls.products(filters), { signal }, parseProductList);
}

export function useProductsQuery(filters: ProductFilters, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: catalogueKeys.list(filters as Record<string, string>),
    queryFn: ({ signal }) => getProducts(filters, signal),
    enabled: options.enabled ?? true,
  });
}
