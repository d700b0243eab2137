import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, payoutHoldSchema, type PayoutHold, type PlaceHoldBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { payoutQueryKeys } from './keys';

/** POST /api/payout/holds (Admin): holds a seller's payouts with a reason, what they must do and a review date. */
export function placeHold(body: PlaceHoldBody): Promise<PayoutHold> {
  return apiFetch(API_PATHS.payout.holds, { method: 'POST', body: { ...body } }, (data) => payoutHoldSchema.parse(data));
}

export function usePlaceHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeHold,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: payoutQueryKeys.all }),
  });
}
