import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, bundleSchema, messageBodySchema, type Bundle, type BundleBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { bundleQueryKeys } from '../queryKeys';

/**
 * POST /api/bundle, or PUT /api/bundle/{id} with `id`: 400 at `productIds` for a product that is not
 * the seller's or not approved, at a price field above the 10%-below ceiling (docs/decisions/0011).
 */
export function saveBundle({ id, body }: { id: string | null; body: BundleBody }): Promise<Bundle> {
  const path = id === null ? API_PATHS.bundle.list : apiPath(API_PATHS.bundle.one, { id });
  return apiFetch(path, { method: id === null ? 'POST' : 'PUT', body: { ...body } }, (data) => bundleSchema.parse(data));
}

/** DELETE /api/bundle/{id}: sold no more; orders that bought it keep it. */
export function deleteBundle(id: string): Promise<string> {
  return apiFetch(apiPath(API_PATHS.bundle.one, { id }), { method: 'DELETE' }, (data) => messageBodySchema.parse(data).message);
}

function useBundleWrite<Variables, Answer>(write: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bundleQueryKeys.all }),
  });
}

export const useSaveBundle = () => useBundleWrite(saveBundle);
export const useDeleteBundle = () => useBundleWrite(deleteBundle);
