import { useQuery } from '@tanstack/react-query';
import { API_PATHS, apiPath } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { parseProductList } from '../parse';
import { catalogueKeys } from './keys';

/** GET /api/product/portfolio/{author-slug}: the author's approved products. */
export function getPortfolio(slug: string, signal?: AbortSignal) {
  return apiFetch(apiPath(API_PATHS.product.portfolio, { slug }), { signal }, parseProductList);
}

export function usePortfolioQuery(slug: string) {
  return useQuery({
    queryKey: catalogueKeys.portfolio(slug),
    queryFn: ({ signal }) => getPortfolio(slug, signal),
  });
}
