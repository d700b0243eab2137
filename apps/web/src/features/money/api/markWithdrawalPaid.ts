import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { moneyQueryKeys } from './keys';

/** PUT /api/withdraw/updateStatus/{id}: Pending becomes Success (admins only, once). */
export async function markWithdrawalPaid(id: string): Promise<void> {
  await apiFetch(apiPath(API_PATHS.withdraw.updateStatus, { id }), { method: 'PUT' });
}

export function useMarkWithdrawalPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markWithdrawalPaid,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyQueryKeys.all }),
  });
}
