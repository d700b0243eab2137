import { useQuery } from '@tanstack/react-query';
import { apiPath, API_PATHS, webhookDeliveryListSchema, type WebhookDelivery } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { webhookQueryKeys } from '../queryKeys';

/** GET /api/webhooks/endpoints/{id}/deliveries: the latest 50, newest first. */
export function getDeliveries(endpointId: string, signal?: AbortSignal): Promise<WebhookDelivery[]> {
  return apiFetch(
    apiPath(API_PATHS.webhooks.deliveries, { id: endpointId }),
    signal ? { signal } : {},
    (data) => webhookDeliveryListSchema.parse(data).deliveries,
  );
}

export function useDeliveries(endpointId: string) {
  return useQuery({ queryKey: webhookQueryKeys.deliveries(endpointId), queryFn: ({ signal }) => getDeliveries(endpointId, signal) });
}
