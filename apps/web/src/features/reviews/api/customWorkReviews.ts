import { useQuery } from '@tanstack/react-query';
import { API_PATHS, customWorkReviewListSchema } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { reviewQueryKeys } from '../queryKeys';

/** GET /api/custom-work/reviews?productId=: what buyers said of custom work done on the product (docs/decisions/0013). */
export function useCustomWorkReviews(productId: string) {
  return useQuery({
    queryKey: reviewQueryKeys.ofCustomWork(productId),
    queryFn: ({ signal }) =>
      apiFetch(`${API_PATHS.customWork.reviews}?productId=${encodeURIComponent(productId)}`, { signal }, (data) =>
        customWorkReviewListSchema.parse(data),
      ),
  });
}
