import { useQuery } from '@tanstack/react-query';
import { API_PATHS, connectPayoutSchema, type ConnectPayout } from '@market/contracts';
import { z } from 'zod';
import { apiFetch } from '@/lib/api';
import { connectQueryKeys } from '../queryKeys';

/** GET /api/payout/transfers: the signed-in seller's payouts through Stripe, newest first. */
export function fetchConnectPayouts(signal?: AbortSignal): Promise<ConnectPayout[]> {
  return apiFetch(API_PATHS.payoutAccount.transfers, signal ? { signal } : {}, (data) => z.array(connectPayoutSchema).parse(data));
}

export function useConnectPayouts() {
  return useQuery({ queryKey: connectQueryKeys.payouts(), queryFn: ({ signal }) => fetchConnectPayouts(signal) });
}
