import { useMutation, useQueryClient } from '@tanstack/react-query';
import { discountSchema, type Discount, type DiscountBody, type DiscountScope } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { discountQueryKeys } from '../queryKeys';
import { discountPath } from './paths';

/** PUT /api/discount/{id} (or /api/discount/platform/{id}): the whole code again (pausing is `paused: true` with the rest unchanged). */
export function updateDiscount(scope: DiscountScope, id: string, body: DiscountBody): Promise<Discount> {
  return apiFetch(discountPath(scope, id), { method: 'PUT', body: { ...body } }, (data) => discountSchema.parse(data));
}

export function useUpdateDiscount(scope: DiscountScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DiscountBody }) => updateDiscount(scope, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountQueryKeys.all }),
  });
}
