/**
 * Every product query lives under the 'products' root, so one invalidation after an upload,
 * an edit or a moderation action refreshes every list and detail that shows products.
 */
export const PRODUCTS_QUERY_ROOT = 'products';

export const productQueryKeys = {
  all: [PRODUCTS_QUERY_ROOT] as const,
  detail: (id: string) => [PRODUCTS_QUERY_ROOT, 'detail', id] as const,
};
