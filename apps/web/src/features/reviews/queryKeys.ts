import { REVIEWS_QUERY_ROOT } from '@/lib/queryKeys';

/** Every reviews query: a review written, edited or answered refreshes the product's list. */
export const reviewQueryKeys = {
  all: [REVIEWS_QUERY_ROOT] as const,
  ofProduct: (productId: string) => [REVIEWS_QUERY_ROOT, productId] as const,
  page: (productId: string, page: number) => [REVIEWS_QUERY_ROOT, productId, page] as const,
  ofCustomWork: (productId: string) => [REVIEWS_QUERY_ROOT, 'custom-work', productId] as const,
};
