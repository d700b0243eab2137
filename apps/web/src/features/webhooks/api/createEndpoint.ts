import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, webhookEndpointWithSecretSchema, type WebhookEndpointBody, type WebhookEndpointWithSecret } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { webhookQueryKeys } from '../queryKeys';

/** POST /api/webhooks/endpoints: the answer carries the signing secret, shown this once. 400 at the url, 409 past ten endpoints. */
export function createEndpoint(body: WebhookEndpointBody): Promise<WebhookEndpointWithSecret> {
  return apiFetch(API_PATHS.webhooks.endpoints, { method: 'POST', body: { ...body } }, (data) =>
    webhookEndpointWithSecretSchema.parse(data),
  );
}

export function useCreateEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookQueryKeys.endpoints }),
  });
}
