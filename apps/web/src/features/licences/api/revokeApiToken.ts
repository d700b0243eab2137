import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { licenceQueryKeys } from '../queryKeys';

/** DELETE /api/licence/tokens/{id}: the token stops working at once. */
export function revokeApiToken(id: string): Promise<void> {
  return apiFetch(apiPath(API_PATHS.licence.token, { id }), { method: 'DELETE' }).then(() => undefined);
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenceQueryKeys.tokens }),
  });
}
