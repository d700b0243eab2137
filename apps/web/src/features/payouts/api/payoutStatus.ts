import { useQuery } from '@tanstack/react-query';
import { API_PATHS, payoutStatusSchema, type PayoutStatus } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { payoutQueryKeys } from './keys';

/** GET /api/payout/status: the signed-in seller's payout mode, available cents and open holds. */
export function fetchPayoutStatus(signal?: AbortSignal): Promise<PayoutStatus> {
  return apiFetch(API_PATHS.payout.status, signal ? { signal } : {}, (data) => payoutStatusSchema.parse(data));
}

export function usePayoutStatus() {
  return useQuery({ queryKey: payoutQueryKeys.status(), queryFn: ({ signal }) => fetchPayoutStatus(signal), staleTime: 0 });
}
