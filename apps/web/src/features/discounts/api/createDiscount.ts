import { useMutation, useQueryClient } from '@tanstack/react-query';
import { discountSchema, type Discount, type DiscountBody, type DiscountScope } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { discountQueryKeys } from '../queryKeys';
import { discountsPath } from './paths';

/** POST /api/discount (or /api/discount/platform): 409 at the code field when the seller (or the platform) already has that code. */
export function createDiscount(scope: DiscountScope, body: DiscountBody): Promise<Discount> {
  return apiFetch(discountsPath(scope), { method: 'POST', body: { ...body } }, (data) => discountSchema.parse(data));
}

export function useCreateDiscount(scope: DiscountScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DiscountBody) => createDiscount(scope, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountQueryKeys.all }),
  });
}
