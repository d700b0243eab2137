import { PRODUCTS_QUERY_ROOT } from '@/lib/queryKeys';

/** The signed-in seller's sales: every write refreshes the list. */
export const saleQueryKeys = {
  all: ['sales'] as const,
  mine: ['sales', 'mine'] as const,
};

/** A sale made or ended changes the prices product reads carry: those are read again too. */
export const PRICED_PRODUCTS = [PRODUCTS_QUERY_ROOT] as const;
