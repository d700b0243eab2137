export { useCheckedCart, type CheckedCart, type CheckedLine, type LineState } from './api/lineAvailability';
export { CartView } from './components/CartView';
export { WishlistView } from './components/WishlistView';
export { CheckoutView } from './components/CheckoutView';
export { UpgradeCheckoutView } from './components/UpgradeCheckoutView';
export { CustomWorkCheckoutView } from './components/CustomWorkCheckoutView';
