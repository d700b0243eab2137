import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, discountSchema, type Discount, type DiscountBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { discountQueryKeys } from '../queryKeys';

/** POST /api/discount: 409 at the code field when the seller already has that code. */
export function createDiscount(body: DiscountBody): Promise<Discount> {
  return apiFetch(API_PATHS.discount.list, { method: 'POST', body: { ...body } }, (data) => discountSchema.parse(data));
}

export function useCreateDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountQueryKeys.all }),
  });
}
