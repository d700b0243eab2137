import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, withdrawResultSchema, type WithdrawResult } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { moneyQueryKeys } from './keys';

export interface WithdrawalRequest {
  email: string;
  withdrawAmount: string;
}

/** POST /api/withdraw/withdrawDetil: the user comes from the session cookie, not the body. */
export function requestWithdrawal(request: WithdrawalRequest): Promise<WithdrawResult> {
  return apiFetch(API_PATHS.withdraw.request, { method: 'POST', body: { ...request } }, (data) => withdrawResultSchema.parse(data));
}

export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestWithdrawal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moneyQueryKeys.all }),
  });
}
