import { useQuery } from '@tanstack/react-query';
import { API_PATHS, apiTokenListSchema, type ApiToken } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { licenceQueryKeys } from '../queryKeys';

/** GET /api/licence/tokens: the seller's live tokens, without the tokens themselves. */
export function getApiTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  return apiFetch(API_PATHS.licence.tokens, signal ? { signal } : {}, (data) => apiTokenListSchema.parse(data));
}

export function useApiTokens() {
  return useQuery({ queryKey: licenceQueryKeys.tokens, queryFn: ({ signal }) => getApiTokens(signal) });
}
