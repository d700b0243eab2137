/** Every comment query lives under this root, so a new comment refreshes the product's list and the admin's. */
export const commentKeys = {
  all: ['comments'] as const,
  ofProduct: (productId: string) => ['comments', 'product', productId] as const,
  everything: ['comments', 'everything'] as const,
};
