import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, payoutHoldSchema, type PayoutHold } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { payoutQueryKeys } from './keys';

/** DELETE /api/payout/holds/{id} (Admin): releases the hold, which stays as history; the note is optional. */
export function releaseHold(id: string, note: string): Promise<PayoutHold> {
  return apiFetch(apiPath(API_PATHS.payout.hold, { id }), { method: 'DELETE', body: note ? { note } : {} }, (data) =>
    payoutHoldSchema.parse(data),
  );
}

export function useReleaseHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note: string }) => releaseHold(id, note),
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutQueryKeys.all }),
  });
}
