/** Every reviews query: a review written, edited or answered refreshes the product's list. */
export const reviewQueryKeys = {
  all: ['reviews'] as const,
  ofProduct: (productId: string) => ['reviews', productId] as const,
  page: (productId: string, page: number) => ['reviews', productId, page] as const,
};
