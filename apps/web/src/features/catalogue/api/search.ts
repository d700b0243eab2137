import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_PATHS, LIMITS } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { parseProductList } from '../parse';
import { catalogueKeys } from './keys';

/** GET /api/product/search?q=&limit=6 (docs/product-spec.md §9: suggestions and results both cap at 6). */
export function searchProducts(text: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ q: text, limit: String(LIMITS.searchResults) }).toString();
  return apiFetch(`${API_PATHS.product.search}?${query}`, { signal }, parseProductList);
}

export function useSearchQuery(text: string, options: { keepPrevious?: boolean } = {}) {
  const trimmed = text.trim();
  return useQuery({
    queryKey: catalogueKeys.search(trimmed),
    queryFn: ({ signal }) => searchProducts(trimmed, signal),
    enabled: trimmed !== '',
    placeholderData: options.keepPrevious ? keepPreviousData : undefined,
  });
}
