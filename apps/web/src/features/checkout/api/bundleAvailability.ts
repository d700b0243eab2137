import { useQueries } from '@tanstack/react-query';
import type { Bundle } from '@market/contracts';
import { isApiError } from '@/lib/api';
import { PRODUCTS_QUERY_ROOT } from '@/lib/queryKeys';
import { getBundle } from '@/features/bundles';
import type { BundleCartItem } from '@/features/cart';
import type { LineState } from './lineAvailability';

export interface CheckedBundle {
  /** The stored line with the bundle's current name, products and prices once known. */
  item: BundleCartItem;
  state: LineState;
}

async function currentBundle(id: string, signal: AbortSignal): Promise<Bundle | null> {
  try {
    return await getBundle(id, signal);
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

function withCurrent(item: BundleCartItem, bundle: Bundle): BundleCartItem {
  const { name, singleAppLicense, multiAppLicense, listed } = bundle;
  const products = bundle.products.map(({ _id, title, slug, thumbnail }) => ({ _id, title, slug, thumbnail }));
  return { ...item, name, singleAppLicense, multiAppLicense, listed, products };
}

/** Asks the server about every bundle in the cart, as useCheckedCart does for products: one no longer for sale cannot be paid for. */
export function useCheckedBundles(items: readonly BundleCartItem[]) {
  return useQueries({
    queries: items.map((item) => ({
      queryKey: [PRODUCTS_QUERY_ROOT, 'bundles', 'current', item._id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => currentBundle(item._id, signal),
      staleTime: 30_000,
    })),
    combine: (results) => {
      const lines = items.map((item, index): CheckedBundle => {
        const result = results[index];
        if (!result || result.isPending) return { item, state: 'checking' };
        if (result.isError) return { item, state: 'unchecked' };
        const bundle = result.data;
        if (!bundle || !bundle.forSale) return { item, state: 'unavailable' };
        return { item: withCurrent(item, bundle), state: 'available' };
      });
      return {
        lines,
        retry: () => {
          for (const result of results) if (result.isError) void result.refetch();
        },
      };
    },
  });
}
