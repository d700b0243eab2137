import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath, type ModerationDecisionBody } from '@market/contracts';
import { productQueryKeys } from '@/features/product-editor';
import { apiFetch } from '@/lib/api';

/** PUT /api/product/pending-changes/{changeId}/approve: the live listing takes the seller's change. */
export async function approveChange(changeId: string): Promise<void> {
  await apiFetch(apiPath(API_PATHS.product.approveChange, { changeId }), { method: 'PUT' });
}

/** PUT /api/product/pending-changes/{changeId}/reject: the change is dropped, the seller told why. */
export async function rejectChange({ id, decision }: { id: string; decision: ModerationDecisionBody }): Promise<void> {
  await apiFetch(apiPath(API_PATHS.product.rejectChange, { changeId: id }), { method: 'PUT', body: decision });
}

export function useApproveChange() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: approveChange, onSuccess: () => queryClient.invalidateQueries({ queryKey: productQueryKeys.all }) });
}

export function useRejectChange() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectChange, onSuccess: () => queryClient.invalidateQueries({ queryKey: productQueryKeys.all }) });
}
