/** The signed-in seller's discount codes: every write refreshes the list. */
export const discountQueryKeys = {
  all: ['discounts'] as const,
  mine: ['discounts', 'mine'] as const,
};
