import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, messageBodySchema } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { webhookQueryKeys } from '../queryKeys';

/** DELETE /api/webhooks/endpoints/{id}: the endpoint and its deliveries go. */
export function deleteEndpoint(id: string): Promise<string> {
  return apiFetch(apiPath(API_PATHS.webhooks.endpoint, { id }), { method: 'DELETE' }, (data) => messageBodySchema.parse(data).message);
}

export function useDeleteEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteEndpoint, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookQueryKeys.all }) });
}
