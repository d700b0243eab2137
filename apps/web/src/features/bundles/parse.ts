import type { Bundle } from '@market/contracts';

/**
 * Hand-written checks instead of the contracts' zod schema: bundles show on the storefront's
 * product pages, whose first load zod would weigh down (as catalogue/parse.ts). They check what
 * the pages rely on; the server validates the rest against the contract.
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;
const isPrices = (value: unknown) =>
  isObject(value) && typeof value.singleAppLicense === 'number' && typeof value.multiAppLicense === 'number';

function isBundle(value: unknown): value is Bundle {
  return (
    isObject(value) &&
    typeof value._id === 'string' &&
    typeof value.name === 'string' &&
    isObject(value.seller) &&
    isPrices(value) &&
    isPrices(value.listed) &&
    typeof value.forSale === 'boolean' &&
    Array.isArray(value.products) &&
    value.products.every(
      (product: unknown) => isObject(product) && typeof product._id === 'string' && typeof product.title === 'string' && isPrices(product),
    )
  );
}

export function parseBundle(data: unknown): Bundle {
  if (!isBundle(data)) throw new Error('Unexpected bundle from the server');
  return data;
}

export function parseBundleList(data: unknown): Bundle[] {
  if (!Array.isArray(data) || !data.every(isBundle)) throw new Error('Unexpected bundle list from the server');
  return data;
}
