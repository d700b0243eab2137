import { useQueries } from '@tanstack/react-query';
import { apiPath, API_PATHS, productSummarySchema, productTitle } from '@market/contracts';
import { apiFetch } from '@/lib/api';

/**
 * The titles of any sellers' products a platform code names, by id, read one by one (a code names
 * few; a list of codes shows names for up to three each). A product that is gone has none.
 */
export function useProductTitles(ids: readonly string[]): ReadonlyMap<string, string> | undefined {
  const unique = [...new Set(ids)];
  const results = useQueries({
    queries: unique.map((id) => ({
      queryKey: ['discounts', 'product-title', id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        apiFetch(apiPath(API_PATHS.product.byId, { id }), { signal }, (data) => productTitle(productSummarySchema.parse(data).title)),
      staleTime: 5 * 60_000,
    })),
  });
  if (results.some((result) => result.isPending)) return undefined;
  return new Map(unique.flatMap((id, index) => (results[index]?.data === undefined ? [] : [[id, results[index].data] as const])));
}
