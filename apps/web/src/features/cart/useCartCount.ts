import { useSyncExternalStore } from 'react';
import { cartCount, subscribeToCart } from './cartStorage';

export function useCartCount(): number {
  return useSyncExternalStore(subscribeToCart, cartCount, () => 0);
}
