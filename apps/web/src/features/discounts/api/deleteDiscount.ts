import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { discountQueryKeys } from '../queryKeys';

/** DELETE /api/discount/{id}: buyers can no longer use it; orders that did keep their record. */
export function deleteDiscount(id: string): Promise<void> {
  return apiFetch(apiPath(API_PATHS.discount.one, { id }), { method: 'DELETE' }).then(() => undefined);
}

export function useDeleteDiscount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDiscount,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountQueryKeys.all }),
  });
}
