import { PRODUCTS_QUERY_ROOT } from '@/lib/queryKeys';

/**
 * Bundles sit under the products root: a product write or a sale (which change what a bundle's
 * products cost one by one, or take one off the store) refreshes them; a bundle write refreshes `all`.
 */
const root = [PRODUCTS_QUERY_ROOT, 'bundles'] as const;

export const bundleQueryKeys = {
  all: root,
  mine: [...root, 'mine'] as const,
  one: (id: string) => [...root, 'one', id] as const,
  ofProduct: (productId: string) => [...root, 'of-product', productId] as const,
  ofPortfolio: (slug: string) => [...root, 'of-portfolio', slug] as const,
};
