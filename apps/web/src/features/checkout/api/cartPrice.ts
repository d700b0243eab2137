import { useQuery } from '@tanstack/react-query';
import { API_PATHS, cartPriceSchema, type CartPrice, type CheckoutLine } from '@market/contracts';
import { apiFetch } from '@/lib/api';

/** POST /api/cart/price: the cart as the checkout will charge it, with the code's discount on its own seller's lines. */
export function priceCart(products: CheckoutLine[], code: string, signal?: AbortSignal): Promise<CartPrice> {
  return apiFetch(API_PATHS.basket.price, { method: 'POST', body: { products, code }, ...(signal ? { signal } : {}) }, (data) =>
    cartPriceSchema.parse(data),
  );
}

/** The server's price of the cart with the code; idle without a code or lines. */
export function useCartPrice(products: CheckoutLine[], code: string | null) {
  return useQuery({
    queryKey: ['cart-price', code, products] as const,
    queryFn: ({ signal }) => priceCart(products, code!, signal),
    enabled: code !== null && products.length > 0,
    // A new licence choice keeps the last figures of the same code on screen until the new ones arrive.
    placeholderData: (previous) => (previous?.code?.code === code ? previous : undefined),
    staleTime: 15_000,
  });
}
