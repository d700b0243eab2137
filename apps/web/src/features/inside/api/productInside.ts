import { useQuery } from '@tanstack/react-query';
import { API_PATHS, apiPath, insideAnswerSchema, type InsideAnswer } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { useHydrated } from '@/lib/hydration';
import { insideQueryKeys } from '../queryKeys';

/** How often the page asks again while the server's job has not analysed the archive yet. */
export const ANALYSING_POLL_MS = 2_000;

/**
 * GET /api/product/{id}/inside: the newest release the viewer may see; 202 `analysing` until the
 * background job has run, then the report or the reason it was refused.
 */
export function getProductInside(productId: string, signal?: AbortSignal): Promise<InsideAnswer> {
  return apiFetch(apiPath(API_PATHS.product.inside, { id: productId }), signal ? { signal } : {}, (data) => insideAnswerSchema.parse(data));
}

/**
 * One query for the overview line and the What's inside tab. It waits for hydration: a report
 * lists every file of the archive, far too much to embed in a server-rendered page.
 */
export function useProductInside(productId: string) {
  const hydrated = useHydrated();
  return useQuery({
    queryKey: insideQueryKeys.ofProduct(productId),
    queryFn: ({ signal }) => getProductInside(productId, signal),
    enabled: hydrated,
    refetchInterval: (query) => (query.state.data?.status === 'analysing' ? ANALYSING_POLL_MS : false),
  });
}
