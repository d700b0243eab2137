import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, webhookDeliverySchema, type WebhookDelivery } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { webhookQueryKeys } from '../queryKeys';

/** POST /api/webhooks/deliveries/{id}/replay: the same body again, as a new delivery. */
export function replayDelivery(id: string): Promise<WebhookDelivery> {
  return apiFetch(apiPath(API_PATHS.webhooks.replay, { id }), { method: 'POST' }, (data) => webhookDeliverySchema.parse(data));
}

export function useReplayDelivery() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replayDelivery,
    onSuccess: (delivery) => queryClient.invalidateQueries({ queryKey: webhookQueryKeys.deliveries(delivery.endpointId) }),
  });
}
