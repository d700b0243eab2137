import type { DiscountScope } from '@market/contracts';

/** A seller's own discount codes, or the platform's (admins): every write refreshes both lists. */
export const discountQueryKeys = {
  all: ['discounts'] as const,
  list: (scope: DiscountScope) => ['discounts', scope] as const,
};
