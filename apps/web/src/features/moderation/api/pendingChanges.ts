import { useQuery } from '@tanstack/react-query';
import { API_PATHS, pendingChangeListSchema, type PendingChange } from '@market/contracts';
import { PRODUCTS_QUERY_ROOT } from '@/lib/queryKeys';
import { apiFetch } from '@/lib/api';

/** Under the products root, so every product write reloads it. */
export const pendingChangesQueryKey = [PRODUCTS_QUERY_ROOT, 'pending-changes'] as const;

/** GET /api/product/pending-changes: sellers' edits of approved products, old → new (admins only). */
export function listPendingChanges(signal?: AbortSignal): Promise<PendingChange[]> {
  return apiFetch(API_PATHS.product.pendingChanges, signal ? { signal } : {}, (data) => pendingChangeListSchema.parse(data));
}

export function usePendingChanges() {
  return useQuery({ queryKey: pendingChangesQueryKey, queryFn: ({ signal }) => listPendingChanges(signal), staleTime: 0 });
}
