import { useQuery } from '@tanstack/react-query';
import { API_PATHS, passkeyListSchema, type Passkey } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { passkeyQueryKeys } from '../queryKeys';

/** GET /api/user/passkeys: the signed-in person's passkeys, oldest first. */
export function getPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  return apiFetch(API_PATHS.passkeys.list, signal ? { signal } : {}, (data) => passkeyListSchema.parse(data).passkeys);
}

export function usePasskeys() {
  return useQuery({ queryKey: passkeyQueryKeys.all, queryFn: ({ signal }) => getPasskeys(signal) });
}
