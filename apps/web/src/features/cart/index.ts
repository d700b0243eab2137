export { CART_KEY, CART_CHANGED_EVENT, notifyCartChanged, readCartItems } from './cartStorage';
export { useCartCount } from './useCartCount';
export {
  addToCart,
  addToWishlist,
  WISHLIST_KEY,
  ALREADY_EXISTS,
  ADDED_TO_CART,
  ADDED_TO_WISHLIST,
  type CartItem,
  type AddOptions,
  type AddResult,
} from './cartLists';
