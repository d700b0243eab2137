import { useQuery } from '@tanstack/react-query';
import { API_PATHS, saleEventListSchema, type SaleEvent } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { saleQueryKeys } from '../queryKeys';

/** GET /api/sale: the seller's sales, latest start first, with their products' prices. */
export function getSales(signal?: AbortSignal): Promise<SaleEvent[]> {
  return apiFetch(API_PATHS.sale.list, signal ? { signal } : {}, (data) => saleEventListSchema.parse(data));
}

export function useSales() {
  return useQuery({ queryKey: saleQueryKeys.mine, queryFn: ({ signal }) => getSales(signal) });
}
