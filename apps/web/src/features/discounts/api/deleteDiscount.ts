import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscountScope } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { discountQueryKeys } from '../queryKeys';
import { discountPath } from './paths';

/** DELETE /api/discount/{id} (or /api/discount/platform/{id}): buyers can no longer use it; orders that did keep their record. */
export function deleteDiscount(scope: DiscountScope, id: string): Promise<void> {
  return apiFetch(discountPath(scope, id), { method: 'DELETE' }).then(() => undefined);
}

export function useDeleteDiscount(scope: DiscountScope) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteDiscount(scope, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountQueryKeys.all }),
  });
}
