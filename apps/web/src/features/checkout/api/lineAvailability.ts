import { useQueries } from '@tanstack/react-query';
import { API_PATHS, apiPath, productSummarySchema, type ProductSummary } from '@market/contracts';
import { apiFetch, isApiError } from '@/lib/api';
import { PRODUCTS_QUERY_ROOT } from '@/lib/queryKeys';
import type { CartItem } from '@/features/cart';

/** GET /api/product/{id} as the buyer sees it now; null when it is gone (or hidden from them). */
export async function getCurrentProduct(id: string, signal?: AbortSignal): Promise<ProductSummary | null> {
  try {
    return await apiFetch(apiPath(API_PATHS.product.byId, { id }), signal ? { signal } : {}, (data) => productSummarySchema.parse(data));
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export type LineState = 'checking' | 'available' | 'unavailable' | 'unchecked';

export interface CheckedLine {
  /** The stored line with the product's current title, thumbnail and prices once known. */
  item: CartItem;
  state: LineState;
}

export interface CheckedCart {
  lines: CheckedLine[];
  /** Every line is known to be on sale now. */
  payable: boolean;
  /** Lines that must be removed before paying. */
  unavailableCount: number;
  retry: () => void;
}

function withCurrent(item: CartItem, product: ProductSummary): CartItem {
  const { title, thumbnail, category, singleAppLicense, multiAppLicense, reskinPrice, status, slug, sale } = product;
  return { ...item, title, thumbnail, category, singleAppLicense, multiAppLicense, reskinPrice, status, slug, sale };
}

/**
 * Asks the server about every line: a product deleted, rejected or back in review since it was
 * added cannot be paid for (the server refuses it too), and prices shown are today's.
 */
export function useCheckedCart(items: readonly CartItem[]): CheckedCart {
  return useQueries({
    queries: items.map((item) => ({
      queryKey: [PRODUCTS_QUERY_ROOT, 'current', item._id] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) => getCurrentProduct(item._id, signal),
      staleTime: 30_000,
    })),
    combine: (results) => {
      const lines = items.map((item, index): CheckedLine => {
        const result = results[index];
        if (!result || result.isPending) return { item, state: 'checking' };
        if (result.isError) return { item, state: 'unchecked' };
        const product = result.data;
        if (!product || product.status !== 'Approved') return { item, state: 'unavailable' };
        return { item: withCurrent(item, product), state: 'available' };
      });
      return {
        lines,
        payable: lines.length > 0 && lines.every((line) => line.state === 'available'),
        unavailableCount: lines.filter((line) => line.state === 'unavailable').length,
        retry: () => {
          for (const result of results) if (result.isError) void result.refetch();
        },
      };
    },
  });
}
