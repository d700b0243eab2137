import { useSyncExternalStore } from 'react';
import { CART_KEY, WISHLIST_KEY, subscribeToCart } from './cartStorage';
import { readList, type CartItem } from './cartLists';

const NOTHING: readonly CartItem[] = [];
const readCart = () => readList(CART_KEY);
const readWishlist = () => readList(WISHLIST_KEY);
const cartCount = () => readCart().length;

/** The header badge: the number of cart lines, in step with this tab and the others. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribeToCart, cartCount, () => 0);
}

export function useCartItems(): readonly CartItem[] {
  return useSyncExternalStore(subscribeToCart, readCart, () => NOTHING);
}

export function useWishlistItems(): readonly CartItem[] {
  return useSyncExternalStore(subscribeToCart, readWishlist, () => NOTHING);
}
