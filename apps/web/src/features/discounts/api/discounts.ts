import { useQuery } from '@tanstack/react-query';
import { discountListSchema, type Discount, type DiscountScope } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { discountQueryKeys } from '../queryKeys';
import { discountsPath } from './paths';

/** GET /api/discount (the seller's codes) or /api/discount/platform (the platform's): newest first, with their uses and money. */
export function getDiscounts(scope: DiscountScope, signal?: AbortSignal): Promise<Discount[]> {
  return apiFetch(discountsPath(scope), signal ? { signal } : {}, (data) => discountListSchema.parse(data));
}

export function useDiscounts(scope: DiscountScope) {
  return useQuery({ queryKey: discountQueryKeys.list(scope), queryFn: ({ signal }) => getDiscounts(scope, signal) });
}
