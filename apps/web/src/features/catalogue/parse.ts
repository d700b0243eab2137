import type { ProductDetail, ProductSummary, SubCategory } from '@market/contracts';

/**
 * Hand-written checks instead of the contracts' zod schemas: these lists render on the home
 * page and in the header, and zod would cost the storefront's first load (120 KB budget).
 * They check what the pages rely on; the server validates the rest against the contract.
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

function isProductSummary(value: unknown): value is ProductSummary {
  if (!isObject(value)) return false;
  return (
    typeof value._id === 'string' &&
    typeof value.slug === 'string' &&
    isObject(value.title) &&
    typeof value.thumbnail === 'string' &&
    typeof value.category === 'string' &&
    typeof value.singleAppLicense === 'number' &&
    typeof value.multiAppLicense === 'number'
  );
}

function fail(what: string): never {
  throw new Error(`Unexpected ${what} from the server`);
}

/** A product list: a plain array, or `{ products }` (listing-style answers). */
export function parseProductList(data: unknown): ProductSummary[] {
  const list = Array.isArray(data) ? data : isObject(data) && Array.isArray(data.products) ? data.products : null;
  if (!list || !list.every(isProductSummary)) fail('product list');
  return list;
}

export interface Listing {
  title: string | null;
  products: ProductSummary[];
}

export function parseListing(data: unknown): Listing {
  if (!isObject(data)) fail('listing');
  return { title: typeof data.title === 'string' ? data.title : null, products: parseProductList(data.products) };
}

export function parseProductDetail(data: unknown): ProductDetail {
  if (!isProductSummary(data)) fail('product');
  const product = data as unknown as Json;
  if (typeof product.featureImg !== 'string' || !Array.isArray(product.screenshots)) fail('product');
  return data as ProductDetail;
}

export interface SubCategoryCount {
  subCategory: SubCategory;
  count: number;
}

export function parseSubCategories(data: unknown): SubCategoryCount[] {
  if (!Array.isArray(data)) fail('sub categories');
  return data.map((entry: unknown) => {
    if (!isObject(entry) || typeof entry.subCategory !== 'string') fail('sub categories');
    return { subCategory: entry.subCategory as SubCategory, count: typeof entry.count === 'number' ? entry.count : 0 };
  });
}

/** The English title, or the first title there is (productTitle of contracts, without zod). */
export function productName(product: Pick<ProductSummary, 'title'>): string {
  return product.title.en ?? Object.values(product.title)[0] ?? '';
}
