import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPath, API_PATHS, reviewPageSchema, type ReviewPage } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { reviewQueryKeys } from '../queryKeys';

/** GET /api/review/product/{productId}?page=: visible reviews, their average, and what the viewer may do. */
export function getProductReviews(productId: string, page: number, signal?: AbortSignal): Promise<ReviewPage> {
  return apiFetch(`${apiPath(API_PATHS.review.ofProduct, { productId })}?page=${page}`, signal ? { signal } : {}, (data) =>
    reviewPageSchema.parse(data),
  );
}

export function useProductReviews(productId: string, page: number) {
  return useQuery({
    queryKey: reviewQueryKeys.page(productId, page),
    queryFn: ({ signal }) => getProductReviews(productId, page, signal),
    placeholderData: keepPreviousData,
  });
}
