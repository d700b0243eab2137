/** docs/product-spec.md §3: the cart lives in localStorage under `cartProduct`, the wishlist under `whishList` (sic). */
export const CART_KEY = 'cartProduct';
export const WISHLIST_KEY = 'whishList';
/** Bundles in the cart (docs/decisions/0011): not the spec's, so under a key of their own. */
export const BUNDLE_CART_KEY = 'cartBundles';
export type ListKey = typeof CART_KEY | typeof WISHLIST_KEY | typeof BUNDLE_CART_KEY;

/** The `storage` event only reaches other tabs; this one tells the current tab. */
export const CART_CHANGED_EVENT = 'market:cart-changed';

/** Parsed lists, kept while their stored text is unchanged so every read answers the same array. */
const snapshots = new Map<ListKey, { raw: string | null; items: readonly unknown[] }>();
const EMPTY: readonly unknown[] = Object.freeze([]);

function rawOf(key: ListKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** The stored list as it is; a missing, corrupt or non-array value reads as empty. */
export function readStoredList(key: ListKey): readonly unknown[] {
  const raw = rawOf(key);
  const cached = snapshots.get(key);
  if (cached && cached.raw === raw) return cached.items;
  let items: readonly unknown[] = EMPTY;
  try {
    const parsed: unknown = raw === null ? [] : JSON.parse(raw);
    if (Array.isArray(parsed)) items = parsed;
  } catch {
    // A corrupt value is an empty list; the next write replaces it.
  }
  snapshots.set(key, { raw, items });
  return items;
}

/** Throws when storage is full or disabled, so callers can say so. */
export function writeStoredList(key: ListKey, items: readonly unknown[]): void {
  localStorage.setItem(key, JSON.stringify(items));
  notifyCartChanged();
}

export function notifyCartChanged(): void {
  window.dispatchEvent(new Event(CART_CHANGED_EVENT));
}

/** Calls `onChange` when either list changes, in this tab or in another one. */
export function subscribeToCart(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === CART_KEY || event.key === WISHLIST_KEY || event.key === BUNDLE_CART_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(CART_CHANGED_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(CART_CHANGED_EVENT, onChange);
  };
}
