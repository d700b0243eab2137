import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_PATHS, type SearchResults, type SearchResultsQuery } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { PRODUCTS_QUERY_ROOT } from '@/lib/queryKeys';

/** The filters as the page holds them: every one optional, the server fills the defaults. */
export type SearchResultsFilters = Partial<Record<keyof SearchResultsQuery, string>>;

/** Checked by hand rather than with zod, as the catalogue's lists are: the storefront's first load stays small. */
function parseSearchResults(data: unknown): SearchResults {
  const body = data as Partial<SearchResults> | null;
  if (!body || !Array.isArray(body.products) || typeof body.total !== 'number' || typeof body.facets !== 'object') {
    throw new Error('Unexpected search results from the server');
  }
  return body as SearchResults;
}

/** GET /api/product/search/results: products, total and facets of the search text and filters (docs/decisions/0019). */
export function fetchSearchResults(filters: SearchResultsFilters, signal?: AbortSignal) {
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  return apiFetch(`${API_PATHS.product.searchResults}?${query}`, { signal }, parseSearchResults);
}

/** Under the products root, so any product write refreshes the results. */
export function useSearchResults(filters: SearchResultsFilters) {
  return useQuery({
    queryKey: [PRODUCTS_QUERY_ROOT, 'search-results', filters] as const,
    queryFn: ({ signal }) => fetchSearchResults(filters, signal),
    placeholderData: keepPreviousData,
  });
}
