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

/**
 * How often an open list asks again while a delivery is about to be sent: the sender runs in the
 * background (docs/decisions/0015), so a test event or a replay shows as Pending until it has gone.
 */
const PENDING_POLL_MS = 2_000;

/** A retry hours away is not waited for: the list would ask every two seconds for nothing. */
const SOON_MS = 60_000;

const sentSoon = (delivery: WebhookDelivery) =>
  delivery.status === 'pending' && (delivery.nextAttemptAt === null || Date.parse(delivery.nextAttemptAt) - Date.now() < SOON_MS);

export function useDeliveries(endpointId: string) {
  return useQuery({
    queryKey: webhookQueryKeys.deliveries(endpointId),
    queryFn: ({ signal }) => getDeliveries(endpointId, signal),
    refetchInterval: (query) => (query.state.data?.some(sentSoon) ? PENDING_POLL_MS : false),
  });
}
