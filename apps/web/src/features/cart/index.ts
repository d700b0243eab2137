export { CART_KEY, CART_CHANGED_EVENT, notifyCartChanged, readCartItems } from './cartStorage';
export { useCartCount } from './useCartCount';
