import { useSyncExternalStore } from 'react';
import { CART_KEY, WISHLIST_KEY, subscribeToCart } from './cartStorage';
import { readList, type CartItem } from './cartLists';
import { readBundleLines, type BundleCartItem } from './bundleCart';

const NOTHING: readonly CartItem[] = [];
const NO_BUNDLES: readonly BundleCartItem[] = [];
const readCart = () => readList(CART_KEY);
const readWishlist = () => readList(WISHLIST_KEY);
const cartCount = () => readCart().length + readBundleLines().length;

/** The header badge: the number of cart lines, bundles included, in step with this tab and the others. */
export function useCartCount(): number {
  return useSyncExternalStore(subscribeToCart, cartCount, () => 0);
}

export function useCartItems(): readonly CartItem[] {
  return useSyncExternalStore(subscribeToCart, readCart, () => NOTHING);
}

export function useWishlistItems(): readonly CartItem[] {
  return useSyncExternalStore(subscribeToCart, readWishlist, () => NOTHING);
}

/** The bundles in the cart (docs/decisions/0011). */
export function useCartBundles(): readonly BundleCartItem[] {
  return useSyncExternalStore(subscribeToCart, readBundleLines, () => NO_BUNDLES);
}
