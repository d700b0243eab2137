import { PRODUCTS_QUERY_ROOT } from '@/lib/queryKeys';

/**
 * Releases live under the products root: publishing or moderating one changes a product's
 * "Version … · updated" line, so one invalidation of the root refreshes both.
 */
export const releaseQueryKeys = {
  all: [PRODUCTS_QUERY_ROOT, 'releases'] as const,
  ofProduct: (productId: string) => [PRODUCTS_QUERY_ROOT, 'releases', 'product', productId] as const,
  pending: [PRODUCTS_QUERY_ROOT, 'releases', 'pending'] as const,
};
