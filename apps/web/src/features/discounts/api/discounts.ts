import { useQuery } from '@tanstack/react-query';
import { API_PATHS, discountListSchema, type Discount } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { discountQueryKeys } from '../queryKeys';

/** GET /api/discount: the seller's codes, newest first, with their uses and money. */
export function getDiscounts(signal?: AbortSignal): Promise<Discount[]> {
  return apiFetch(API_PATHS.discount.list, signal ? { signal } : {}, (data) => discountListSchema.parse(data));
}

export function useDiscounts() {
  return useQuery({ queryKey: discountQueryKeys.mine, queryFn: ({ signal }) => getDiscounts(signal) });
}
