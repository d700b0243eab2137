import type { Bundle, LicenseType } from '@market/contracts';
import { BUNDLE_CART_KEY, readStoredList, writeStoredList } from './cartStorage';
import { ADDED_TO_CART, ALREADY_EXISTS, type AddResult } from './cartLists';

/**
 * A bundle in the cart (docs/decisions/0011), kept beside the spec's `cartProduct` list under a key
 * of its own: that list's lines are products, and the account's stored cart holds products only. A
 * bundle line stays in this browser and goes at sign-out with the rest.
 */
export interface BundleCartItem {
  _id: string;
  name: string;
  selectedLicense: LicenseType;
  singleAppLicense: number;
  multiAppLicense: number;
  listed: { singleAppLicense: number; multiAppLicense: number };
  products: Array<{ _id: string; title: string; slug: string; thumbnail: string }>;
}

const LICENSES: readonly string[] = ['Single App License', 'Multi App License'];
const STORAGE_UNAVAILABLE = 'Your browser storage is full or disabled.';

function isBundleItem(value: unknown): value is BundleCartItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<Record<keyof BundleCartItem, unknown>>;
  return (
    typeof item._id === 'string' &&
    typeof item.name === 'string' &&
    typeof item.singleAppLicense === 'number' &&
    typeof item.multiAppLicense === 'number' &&
    typeof item.listed === 'object' &&
    item.listed !== null &&
    Array.isArray(item.products) &&
    typeof item.selectedLicense === 'string' &&
    LICENSES.includes(item.selectedLicense)
  );
}

const validated = new WeakMap<readonly unknown[], readonly BundleCartItem[]>();

/** The stored bundle lines that can be shown and priced; the same array for the same stored text. */
export function readBundleLines(): readonly BundleCartItem[] {
  const stored = readStoredList(BUNDLE_CART_KEY);
  let items = validated.get(stored);
  if (!items) {
    items = stored.filter(isBundleItem);
    validated.set(stored, items);
  }
  return items;
}

function write(items: readonly BundleCartItem[]): boolean {
  try {
    writeStoredList(BUNDLE_CART_KEY, items);
    return true;
  } catch {
    return false;
  }
}

/** The bundle's fields a cart line shows, taken from its page. */
export function toBundleItem(bundle: Bundle, license: LicenseType): BundleCartItem {
  return {
    _id: bundle._id,
    name: bundle.name,
    selectedLicense: license,
    singleAppLicense: bundle.singleAppLicense,
    multiAppLicense: bundle.multiAppLicense,
    listed: bundle.listed,
    products: bundle.products.map(({ _id, title, slug, thumbnail }) => ({ _id, title, slug, thumbnail })),
  };
}

export function addBundleToCart(bundle: Bundle, license: LicenseType = 'Single App License'): AddResult {
  const items = readBundleLines();
  if (items.some((line) => line._id === bundle._id)) return { added: false, message: ALREADY_EXISTS };
  if (!write([...items, toBundleItem(bundle, license)])) return { added: false, message: STORAGE_UNAVAILABLE };
  return { added: true, message: ADDED_TO_CART };
}

export function removeBundleFromCart(bundleId: string): void {
  const items = readBundleLines();
  const kept = items.filter((item) => item._id !== bundleId);
  if (kept.length !== items.length) write(kept);
}

export function changeBundleLicense(bundleId: string, license: LicenseType): void {
  const items = readBundleLines();
  if (!items.some((item) => item._id === bundleId && item.selectedLicense !== license)) return;
  write(items.map((item) => (item._id === bundleId ? { ...item, selectedLicense: license } : item)));
}

/** The bundle's price for the licence chosen, in dollars. */
export const bundleLinePrice = (item: Pick<BundleCartItem, 'selectedLicense' | 'singleAppLicense' | 'multiAppLicense'>) =>
  item.selectedLicense === 'Multi App License' ? item.multiAppLicense : item.singleAppLicense;
