import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, webhookEndpointWithSecretSchema, webhookEndpointSchema, type WebhookEndpointUpdate } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { webhookQueryKeys } from '../queryKeys';

/** PUT /api/webhooks/endpoints/{id}: turns it on or off, or rotates its secret (the answer then carries the new one). */
export function updateEndpoint({ id, ...body }: WebhookEndpointUpdate & { id: string }) {
  return apiFetch(apiPath(API_PATHS.webhooks.endpoint, { id }), { method: 'PUT', body: { ...body } }, (data) =>
    webhookEndpointWithSecretSchema.or(webhookEndpointSchema).parse(data),
  );
}

export function useUpdateEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookQueryKeys.endpoints }),
  });
}
