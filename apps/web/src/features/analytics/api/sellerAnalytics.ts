import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_PATHS, sellerAnalyticsSchema, type SellerAnalytics } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { analyticsQueryKeys } from './keys';

export interface AnalyticsPeriod {
  from: string;
  to: string;
  productId: string | null;
}

const queryOf = ({ from, to, productId }: AnalyticsPeriod) =>
  new URLSearchParams({ from, to, ...(productId ? { productId } : {}) }).toString();

/** GET /api/user/analytics.csv: the same period as a download. */
export const analyticsCsvUrl = (period: AnalyticsPeriod) => `${API_PATHS.user.analyticsCsv}?${queryOf(period)}`;

/** GET /api/user/analytics: the period's figures (docs/decisions/0020); the last answer stays on screen while the next loads. */
export function useSellerAnalytics(period: AnalyticsPeriod, enabled: boolean) {
  return useQuery<SellerAnalytics>({
    queryKey: analyticsQueryKeys.report(period.from, period.to, period.productId),
    queryFn: ({ signal }) =>
      apiFetch(`${API_PATHS.user.analytics}?${queryOf(period)}`, { signal }, (data) => sellerAnalyticsSchema.parse(data)),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 0,
  });
}
