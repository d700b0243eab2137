import type { LicenseType, ProductSummary } from '@market/contracts';
import { CART_KEY, notifyCartChanged } from './cartStorage';

/** SPEC.md 3: the wishlist lives in localStorage under `whishList` (sic). */
export const WISHLIST_KEY = 'whishList';

export const ALREADY_EXISTS = 'product already exists';
export const ADDED_TO_CART = 'Add To Cart Successfully';
export const ADDED_TO_WISHLIST = 'Add To Wishlist Successfully';

/** SPEC.md 3 cart item: the product plus the chosen licence and reskin flag (as text). */
export type CartItem = ProductSummary & { selectedLicense: LicenseType; isReskin: 'true' | 'false' };

export interface AddOptions {
  license?: LicenseType;
  isReskin?: boolean;
}

export interface AddResult {
  added: boolean;
  message: string;
}

function readList(key: string): CartItem[] {
  try {
    const raw = localStorage.getItem(key);
    const items: unknown = raw === null ? [] : JSON.parse(raw);
    return Array.isArray(items) ? (items as CartItem[]) : [];
  } catch {
    return [];
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
  };
}

function addTo(key: string, product: ProductSummary, options: AddOptions, success: string): AddResult {
  const items = readList(key);
  if (items.some((item) => item?._id === product._id)) return { added: false, message: ALREADY_EXISTS };
  try {
    localStorage.setItem(key, JSON.stringify([...items, toItem(product, options)]));
  } catch {
    return { added: false, message: 'Your browser storage is full or disabled.' };
  }
  return { added: true, message: success };
}

export function addToCart(product: ProductSummary, options: AddOptions = {}): AddResult {
  const result = addTo(CART_KEY, product, options, ADDED_TO_CART);
  if (result.added) notifyCartChanged();
  return result;
}

export function addToWishlist(product: ProductSummary, options: AddOptions = {}): AddResult {
  return addTo(WISHLIST_KEY, product, options, ADDED_TO_WISHLIST);
}
