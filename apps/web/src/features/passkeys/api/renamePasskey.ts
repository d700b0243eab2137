import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, passkeySchema, type Passkey } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { passkeyQueryKeys } from '../queryKeys';

/** PUT /api/user/passkeys/{id} */
export function renamePasskey({ id, name }: { id: string; name: string }): Promise<Passkey> {
  return apiFetch(apiPath(API_PATHS.passkeys.one, { id }), { method: 'PUT', body: { name } }, (data) => passkeySchema.parse(data));
}

export function useRenamePasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renamePasskey, onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyQueryKeys.all }) });
}
