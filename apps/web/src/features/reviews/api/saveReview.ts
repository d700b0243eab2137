import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, reviewSchema, type Review } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { PRODUCTS_QUERY_ROOT } from '@/lib/queryKeys';
import { reviewQueryKeys } from '../queryKeys';

export interface ReviewDraft {
  rating: number;
  text: string;
}

const parse = (data: unknown) => reviewSchema.parse(data);

/** POST /api/review/addReview, or PUT /api/review/{id} when the viewer's review exists. */
export function saveReview(productId: string, existingId: string | null, draft: ReviewDraft): Promise<Review> {
  return existingId
    ? apiFetch(apiPath(API_PATHS.review.byId, { id: existingId }), { method: 'PUT', body: { ...draft } }, parse)
    : apiFetch(API_PATHS.review.add, { method: 'POST', body: { productId, ...draft } }, parse);
}

export function useSaveReview(productId: string, existingId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: ReviewDraft) => saveReview(productId, existingId, draft),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewQueryKeys.ofProduct(productId) }),
        // The average under the title and on cards moves with it.
        queryClient.invalidateQueries({ queryKey: [PRODUCTS_QUERY_ROOT] }),
      ]),
  });
}
