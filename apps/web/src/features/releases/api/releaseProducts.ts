import { useQueries } from '@tanstack/react-query';
import { productTitle, type ProductDetail } from '@market/contracts';
import { getProduct, productQueryKeys } from '@/features/product-editor';

/** What a release's row shows of its product: a release carries only the product's id. */
export interface ReleaseProduct {
  title: string;
  slug: string;
}

export interface ReleaseProductState {
  /** Undefined while it loads and when it cannot be read. */
  product: ReleaseProduct | undefined;
  isPending: boolean;
}

const toReleaseProduct = (product: ProductDetail): ReleaseProduct => ({ title: productTitle(product.title), slug: product.slug });

/**
 * The title and slug of each product, one GET /api/product/{id} per distinct product (admins may read
 * any). Shares the product's cache entry, so a product opened elsewhere costs no second call.
 */
export function useReleaseProducts(productIds: readonly string[]): ReadonlyMap<string, ReleaseProductState> {
  const distinctIds = [...new Set(productIds)];
  return useQueries({
    queries: distinctIds.map((id) => ({
      queryKey: productQueryKeys.detail(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => getProduct(id, signal),
      select: toReleaseProduct,
    })),
    combine: (results) =>
      new Map(distinctIds.map((id, index) => [id, { product: results[index]?.data, isPending: results[index]?.isPending ?? true }])),
  });
}
