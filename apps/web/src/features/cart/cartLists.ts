import type { LicenseType, ProductSummary } from '@market/contracts';
import { recordCartAdd } from './api/recordCartAdd';
import { BUNDLE_CART_KEY, CART_KEY, WISHLIST_KEY, readStoredList, writeStoredList, type ListKey } from './cartStorage';

export const ALREADY_EXISTS = 'product already exists';
export const ADDED_TO_CART = 'Add To Cart Successfully';
export const ADDED_TO_WISHLIST = 'Add To Wishlist Successfully';
export const MOVED_TO_CART = 'Moved To Cart Successfully';
const STORAGE_UNAVAILABLE = 'Your browser storage is full or disabled.';

/** docs/product-spec.md §3 cart item: the product plus the chosen licence and reskin flag (as text). */
/** A card's fields as stored in the browser; the rating changes too often to keep. */
export type CartItem = Omit<ProductSummary, 'rating'> & { selectedLicense: LicenseType; isReskin: 'true' | 'false' };

export interface AddOptions {
  license?: LicenseType;
  isReskin?: boolean;
}

export interface AddResult {
  added: boolean;
  message: string;
}

const LICENSES: readonly string[] = ['Single App License', 'Multi App License'];

/** Storage is shared with older versions and other tabs: keep only lines that can be shown and priced. */
function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<Record<keyof CartItem, unknown>>;
  return (
    typeof item._id === 'string' &&
    typeof item.title === 'object' &&
    item.title !== null &&
    typeof item.singleAppLicense === 'number' &&
    typeof item.multiAppLicense === 'number' &&
    typeof item.selectedLicense === 'string' &&
    LICENSES.includes(item.selectedLicense)
  );
}

const validated = new WeakMap<readonly unknown[], readonly CartItem[]>();

/** The list's valid lines; the same array for the same stored text (a stable store snapshot). */
export function readList(key: ListKey): readonly CartItem[] {
  const stored = readStoredList(key);
  let items = validated.get(stored);
  if (!items) {
    items = stored.filter(isCartItem);
    validated.set(stored, items);
  }
  return items;
}

function write(key: ListKey, items: readonly CartItem[]): boolean {
  try {
    writeStoredList(key, items);
    return true;
  } catch {
    return false;
  }
}

/** Keeps the card fields only: a detail page's descriptions do not belong in storage. */
function toItem(product: ProductSummary, { license = 'Single App License', isReskin = false }: AddOptions): CartItem {
  const { _id, slug, type, category, subCategory, title, thumbnail, singleAppLicense, multiAppLicense } = product;
  const { reskinPrice, livePreview, authorName, status, downloads, createdAt } = product;
  return {
    _id,
    slug,
    type,
    category,
    subCategory,
    title,
    thumbnail,
    singleAppLicense,
    multiAppLicense,
    reskinPrice,
    livePreview,
    authorName,
    status,
    downloads,
    createdAt,
    selectedLicense: license,
    isReskin: isReskin ? 'true' : 'false',
    // The cart shows and totals the sale's price at once; the cart's check of each line refreshes it.
    ...(product.sale ? { sale: product.sale } : {}),
  };
}

function addTo(key: ListKey, item: CartItem, success: string): AddResult {
  const items = readList(key);
  if (items.some((line) => line._id === item._id)) return { added: false, message: ALREADY_EXISTS };
  if (!write(key, [...items, item])) return { added: false, message: STORAGE_UNAVAILABLE };
  return { added: true, message: success };
}

export function addToCart(product: ProductSummary, options: AddOptions = {}): AddResult {
  const result = addTo(CART_KEY, toItem(product, options), ADDED_TO_CART);
  if (result.added) recordCartAdd(product._id);
  return result;
}

export function addToWishlist(product: ProductSummary, options: AddOptions = {}): AddResult {
  return addTo(WISHLIST_KEY, toItem(product, options), ADDED_TO_WISHLIST);
}

function removeFrom(key: ListKey, productId: string): void {
  const items = readList(key);
  const kept = items.filter((item) => item._id !== productId);
  if (kept.length !== items.length) write(key, kept);
}

export function removeFromCart(productId: string): void {
  removeFrom(CART_KEY, productId);
}

export function removeFromWishlist(productId: string): void {
  removeFrom(WISHLIST_KEY, productId);
}

/** After a payment: the products and the bundles bought. */
export function clearCart(): void {
  write(CART_KEY, []);
  write(BUNDLE_CART_KEY, []);
}

/** Moves a wishlist line, with its licence, into the cart; a line already in the cart stays saved. */
export function moveWishlistItemToCart(productId: string): AddResult {
  const item = readList(WISHLIST_KEY).find((line) => line._id === productId);
  if (!item) return { added: false, message: 'This product is no longer in your wishlist.' };
  const result = addTo(CART_KEY, item, MOVED_TO_CART);
  if (result.added) removeFromWishlist(productId);
  return result;
}

export function changeCartLicense(productId: string, license: LicenseType): void {
  const items = readList(CART_KEY);
  if (!items.some((item) => item._id === productId && item.selectedLicense !== license)) return;
  write(
    CART_KEY,
    items.map((item) => (item._id === productId ? { ...item, selectedLicense: license } : item)),
  );
}
