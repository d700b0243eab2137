import { useQuery } from '@tanstack/react-query';
import { storefrontUrls, type PopularPeriod } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { parseProductList } from '../parse';
import { catalogueKeys } from './keys';

/**
 * GET /api/product/popular?period=all|month|year with the server's default limit (12), so
 * the home section, the hero's top 3 and the footer's top 6 share one request per period.
 */
export function getPopular(period: PopularPeriod, signal?: AbortSignal) {
  return apiFetch(storefrontUrls.popular(period), { signal }, parseProductList);
}

export function usePopularQuery(period: PopularPeriod) {
  return useQuery({
    queryKey: catalogueKeys.popular(period),
    queryFn: ({ signal }) => getPopular(period, signal),
  });
}
