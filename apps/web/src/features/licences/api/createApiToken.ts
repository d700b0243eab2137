import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, createdTokenSchema, type CreatedToken, type CreateTokenBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { licenceQueryKeys } from '../queryKeys';

/** POST /api/licence/tokens: the only answer that holds the token. */
export function createApiToken(body: CreateTokenBody): Promise<CreatedToken> {
  return apiFetch(API_PATHS.licence.tokens, { method: 'POST', body }, (data) => createdTokenSchema.parse(data));
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenceQueryKeys.tokens }),
  });
}
