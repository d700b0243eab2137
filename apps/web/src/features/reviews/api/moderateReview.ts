import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, reviewSchema, type Review } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { PRODUCTS_QUERY_ROOT } from '@/lib/queryKeys';
import { reviewQueryKeys } from '../queryKeys';

export type ReviewModeration = { reviewId: string; hide: true; reason: string } | { reviewId: string; hide: false };

const parse = (data: unknown) => reviewSchema.parse(data);

/** PUT /api/review/{id}/hide { reason } or …/unhide (Admin): out of the average and the list, or back in. */
export function moderateReview(change: ReviewModeration): Promise<Review> {
  return change.hide
    ? apiFetch(apiPath(API_PATHS.review.hide, { id: change.reviewId }), { method: 'PUT', body: { reason: change.reason } }, parse)
    : apiFetch(apiPath(API_PATHS.review.unhide, { id: change.reviewId }), { method: 'PUT' }, parse);
}

export function useModerateReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReview,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewQueryKeys.ofProduct(productId) }),
        // The average under the title and on cards moves with it.
        queryClient.invalidateQueries({ queryKey: [PRODUCTS_QUERY_ROOT] }),
      ]),
  });
}
