import { useQuery } from '@tanstack/react-query';
import { API_PATHS, withdrawalListSchema, type Withdrawal, type WithdrawalStatus } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { moneyQueryKeys } from './keys';

/** GET /api/withdraw/allWithdrawls?status=…: an admin gets everybody's, a user their own. */
export function fetchWithdrawals(status: WithdrawalStatus | undefined, signal?: AbortSignal): Promise<Withdrawal[]> {
  const path = status ? `${API_PATHS.withdraw.list}?status=${status}` : API_PATHS.withdraw.list;
  return apiFetch(path, signal ? { signal } : {}, (data) => withdrawalListSchema.parse(data));
}

export function useWithdrawals(status?: WithdrawalStatus) {
  return useQuery({
    queryKey: moneyQueryKeys.withdrawals(status),
    queryFn: ({ signal }) => fetchWithdrawals(status, signal),
    staleTime: 0,
  });
}
