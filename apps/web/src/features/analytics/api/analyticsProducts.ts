import { useQuery } from '@tanstack/react-query';
import { API_PATHS, analyticsProductsSchema } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { analyticsQueryKeys } from './keys';

/** GET /api/user/analytics/products: the seller's products for the page's choice. */
export function useAnalyticsProducts() {
  return useQuery({
    queryKey: analyticsQueryKeys.products(),
    queryFn: ({ signal }) => apiFetch(API_PATHS.user.analyticsProducts, { signal }, (data) => analyticsProductsSchema.parse(data)),
  });
}
