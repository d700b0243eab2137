/** The seller's analytics: one answer per period and product, and the products to choose from. */
export const analyticsQueryKeys = {
  all: ['analytics'] as const,
  report: (from: string, to: string, productId: string | null) => ['analytics', 'report', from, to, productId ?? 'all'] as const,
  products: () => ['analytics', 'products'] as const,
};
