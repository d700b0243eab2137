import { PRODUCTS_QUERY_ROOT } from '@/lib/queryKeys';

/**
 * Reports live under the products root: an upload, a new version or a moderation decision
 * invalidates the root, and the archive checks and reports of the changed product follow.
 */
export const insideQueryKeys = {
  all: [PRODUCTS_QUERY_ROOT, 'inside'] as const,
  ofProduct: (productId: string) => [PRODUCTS_QUERY_ROOT, 'inside', 'product', productId] as const,
  archiveChecks: [PRODUCTS_QUERY_ROOT, 'inside', 'archive-checks'] as const,
};
