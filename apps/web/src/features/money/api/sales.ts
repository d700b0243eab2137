import { useQuery } from '@tanstack/react-query';
import { API_PATHS, saleListSchema, type Sale } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { moneyQueryKeys } from './keys';

/** GET /api/user/sales?limit=…: the latest sold lines of the seller's products. */
export function fetchRecentSales(limit: number, signal?: AbortSignal): Promise<Sale[]> {
  return apiFetch(`${API_PATHS.user.sales}?limit=${limit}`, signal ? { signal } : {}, (data) => saleListSchema.parse(data));
}

export function useRecentSales(limit: number) {
  return useQuery({ queryKey: moneyQueryKeys.sales(limit), queryFn: ({ signal }) => fetchRecentSales(limit, signal), staleTime: 0 });
}
