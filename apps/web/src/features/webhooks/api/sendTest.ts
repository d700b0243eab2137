import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, webhookDeliverySchema, type WebhookDelivery } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { webhookQueryKeys } from '../queryKeys';

/** POST /api/webhooks/endpoints/{id}/test: queues a `webhook.test` event; 409 while the endpoint is off. */
export function sendTest(id: string): Promise<WebhookDelivery> {
  return apiFetch(apiPath(API_PATHS.webhooks.test, { id }), { method: 'POST' }, (data) => webhookDeliverySchema.parse(data));
}

export function useSendTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTest,
    onSuccess: (delivery) => queryClient.invalidateQueries({ queryKey: webhookQueryKeys.deliveries(delivery.endpointId) }),
  });
}
