import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, discountSchema, type Discount, type DiscountBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { discountQueryKeys } from '../queryKeys';

/** PUT /api/discount/{id}: the whole code again (pausing is `paused: true` with the rest unchanged). */
export function updateDiscount(id: string, body: DiscountBody): Promise<Discount> {
  return apiFetch(apiPath(API_PATHS.discount.one, { id }), { method: 'PUT', body: { ...body } }, (data) => discountSchema.parse(data));
}

export function useUpdateDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: DiscountBody }) => updateDiscount(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountQueryKeys.all }),
  });
}
