/** SPEC.md: the cart lives in localStorage under `cartProduct` as a JSON array. */
export const CART_KEY = 'cartProduct';

/** The `storage` event only reaches other tabs; this one tells the current tab. */
export const CART_CHANGED_EVENT = 'market:cart-changed';

export function readCartItems(): unknown[] {
  try {
    const raw = localStorage.getItem(CART_KEY);
    const items: unknown = raw === null ? [] : JSON.parse(raw);
    return Array.isArray(items) ? items : [];
  } catch {
    return [];
  }
}

export function cartCount(): number {
  return readCartItems().length;
}

export function notifyCartChanged(): void {
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

export function subscribeToCart(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
  };
}
