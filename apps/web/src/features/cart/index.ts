export { CART_KEY, WISHLIST_KEY, CART_CHANGED_EVENT, notifyCartChanged } from './cartStorage';
export { useCartBundles, useCartCount, useCartItems, useWishlistItems } from './useCartLists';
export { addBundleToCart, bundleLinePrice, changeBundleLicense, removeBundleFromCart, type BundleCartItem } from './bundleCart';
export {
  addToCart,
  addToWishlist,
  removeFromCart,
  removeFromWishlist,
  clearCart,
  moveWishlistItemToCart,
  changeCartLicense,
  ALREADY_EXISTS,
  ADDED_TO_CART,
  ADDED_TO_WISHLIST,
  MOVED_TO_CART,
  type CartItem,
  type AddOptions,
  type AddResult,
} from './cartLists';
export { cartTotalCents, lineCents } from './cartTotals';
export { AccountBaskets } from './AccountBaskets';
