import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, messageBodySchema } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { passkeyQueryKeys } from '../queryKeys';

/** DELETE /api/user/passkeys/{id}: it no longer signs in (the device keeps it until its owner deletes it there). */
export function removePasskey(id: string): Promise<string> {
  return apiFetch(apiPath(API_PATHS.passkeys.one, { id }), { method: 'DELETE' }, (data) => messageBodySchema.parse(data).message);
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyQueryKeys.all }) });
}
