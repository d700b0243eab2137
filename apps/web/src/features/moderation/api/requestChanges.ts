import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath, type ModerationDecisionBody } from '@market/contracts';
import { productQueryKeys } from '@/features/product-editor';
import { apiFetch } from '@/lib/api';

/** PUT /api/product/request-changes/{id}: the seller is asked to fix and resubmit (admins only). */
export async function requestChanges({ id, decision }: { id: string; decision: ModerationDecisionBody }): Promise<void> {
  await apiFetch(apiPath(API_PATHS.product.requestChanges, { id }), { method: 'PUT', body: decision });
}

export function useRequestChanges() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestChanges,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productQueryKeys.all }),
  });
}
