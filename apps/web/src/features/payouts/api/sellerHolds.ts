import { useQuery } from '@tanstack/react-query';
import { API_PATHS, payoutHoldListSchema, type PayoutHold } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { payoutQueryKeys } from './keys';

/** GET /api/payout/holds?sellerId= (Admin): the seller's holds, open and released, newest first. */
export function fetchSellerHolds(sellerId: string, signal?: AbortSignal): Promise<PayoutHold[]> {
  return apiFetch(`${API_PATHS.payout.holds}?sellerId=${encodeURIComponent(sellerId)}`, signal ? { signal } : {}, (data) =>
    payoutHoldListSchema.parse(data),
  );
}

export function useSellerHolds(sellerId: string) {
  return useQuery({ queryKey: payoutQueryKeys.holdsOf(sellerId), queryFn: ({ signal }) => fetchSellerHolds(sellerId, signal) });
}
