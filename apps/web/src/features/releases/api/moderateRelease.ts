import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath, type Release, releaseModeratedSchema } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { PRODUCTS_QUERY_ROOT, PURCHASES_QUERY_ROOT } from '@/lib/queryKeys';

export type ReleaseDecision = 'approve' | 'reject';

/** PUT /api/product/releases/{releaseId}/approve or /reject (admins). */
export async function moderateRelease({ releaseId, decision }: { releaseId: string; decision: ReleaseDecision }): Promise<Release> {
  const path = decision === 'approve' ? API_PATHS.product.approveRelease : API_PATHS.product.rejectRelease;
  const answer = await apiFetch(apiPath(path, { releaseId }), { method: 'PUT' }, (data) => releaseModeratedSchema.parse(data));
  return answer.release;
}

/** An approval changes the product page, the version lists and every buyer's purchases. */
export function useModerateRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateRelease,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [PRODUCTS_QUERY_ROOT] }),
        queryClient.invalidateQueries({ queryKey: [PURCHASES_QUERY_ROOT] }),
      ]);
    },
  });
}
