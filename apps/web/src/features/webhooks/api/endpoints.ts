import { useQuery } from '@tanstack/react-query';
import { API_PATHS, webhookEndpointListSchema, type WebhookEndpoint } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { webhookQueryKeys } from '../queryKeys';

/** GET /api/webhooks/endpoints: the seller's endpoints, oldest first, never their secrets. */
export function getEndpoints(signal?: AbortSignal): Promise<WebhookEndpoint[]> {
  return apiFetch(API_PATHS.webhooks.endpoints, signal ? { signal } : {}, (data) => webhookEndpointListSchema.parse(data).endpoints);
}

export function useEndpoints() {
  return useQuery({ queryKey: webhookQueryKeys.endpoints, queryFn: ({ signal }) => getEndpoints(signal) });
}
