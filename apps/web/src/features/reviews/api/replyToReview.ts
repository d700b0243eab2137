import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, reviewSchema, type Review } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { reviewQueryKeys } from '../queryKeys';

/** PUT /api/review/{id}/reply: the seller's answer, new or corrected. */
export function replyToReview(reviewId: string, text: string): Promise<Review> {
  return apiFetch(apiPath(API_PATHS.review.reply, { id: reviewId }), { method: 'PUT', body: { text } }, (data) => reviewSchema.parse(data));
}

export function useReplyToReview(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, text }: { reviewId: string; text: string }) => replyToReview(reviewId, text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewQueryKeys.ofProduct(productId) }),
  });
}
