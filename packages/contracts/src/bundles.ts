import { z } from 'zod';
import { idSchema, isoDateTimeSchema, visibleLine } from './common.js';
import { categorySchema } from './enums.js';
import { MAX_PRICE_USD, MULTI_BELOW_SINGLE_MESSAGE } from './products.js';
import { MAX_BUNDLE_PRODUCTS, MIN_BUNDLE_PRODUCTS } from './rules/bundle.js';

/** The words a seller and a buyer read about bundles (docs/decisions/0011). */
export const BUNDLE_MESSAGES = {
  tooFew: `A bundle holds at least ${MIN_BUNDLE_PRODUCTS} products`,
  tooMany: `A bundle holds at most ${MAX_BUNDLE_PRODUCTS} products`,
  notOwn: 'A bundle can hold only your own products',
  notApproved: (title: string) => `"${title}" is not on the store: a bundle can hold only approved products`,
  ownBundle: 'You cannot buy your own bundle.',
  notForSale: (name: string | null, why?: string) =>
    `${name === null ? 'A bundle in your cart' : `The bundle "${name}"`} is no longer for sale${why ? ` (${why})` : ''}; remove it from the cart`,
  memberTwice: (title: string, bundle: string) =>
    `"${title}" is in the bundle "${bundle}" and again in your cart; keep the bundle or the product, not both`,
  noCodes: 'Discount codes and sales do not apply to bundles',
} as const;

const bundlePrice = (required: string) =>
  z
    .number({ error: required })
    .positive('A price must be more than 0')
    .max(MAX_PRICE_USD, `A price must be at most $${MAX_PRICE_USD}`)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Use at most two decimals for a price');

/** POST /api/bundle and PUT /api/bundle/{id}: 2–20 of the seller's approved products at one price per licence type, in US dollars. */
export const bundleBodySchema = z
  .strictObject({
    name: visibleLine('Name the bundle', 80, 'A bundle name is at most 80 characters'),
    productIds: z
      .array(idSchema, { error: BUNDLE_MESSAGES.tooFew })
      .transform((ids) => [...new Set(ids)])
      .pipe(z.array(idSchema).min(MIN_BUNDLE_PRODUCTS, BUNDLE_MESSAGES.tooFew).max(MAX_BUNDLE_PRODUCTS, BUNDLE_MESSAGES.tooMany)),
    singleAppLicense: bundlePrice('Enter the Single App License price'),
    multiAppLicense: bundlePrice('Enter the Multi App License price'),
  })
  .superRefine((body, context) => {
    if (body.multiAppLicense < body.singleAppLicense)
      context.addIssue({ code: 'custom', path: ['multiAppLicense'], message: MULTI_BELOW_SINGLE_MESSAGE });
  });
export type BundleBody = z.input<typeof bundleBodySchema>;

/** GET /api/bundle: the signed-in seller's bundles without a query; the live bundles holding a product, or a portfolio's, with one. */
export const bundleListQuerySchema = z
  .strictObject({
    productId: idSchema.optional(),
    /** A portfolio's name as its page's address has it (`/{name}/portfolio`). */
    portfolio: z.string().trim().min(1).max(300).optional(),
  })
  .refine((query) => !(query.productId && query.portfolio), { message: 'Ask for one product or one portfolio', path: ['portfolio'] });
export type BundleListQuery = z.infer<typeof bundleListQuerySchema>;

/** A product of a bundle as its page shows it, at today's listed prices (US dollars). */
export const bundleProductSchema = z.object({
  _id: idSchema,
  slug: z.string(),
  /** English title, or the first one. */
  title: z.string(),
  thumbnail: z.string(),
  category: categorySchema,
  singleAppLicense: z.number(),
  multiAppLicense: z.number(),
  /** Approved and on the store: a bundle with one that is not is not for sale. */
  onStore: z.boolean(),
});
export type BundleProduct = z.infer<typeof bundleProductSchema>;

const licencePrices = z.object({ singleAppLicense: z.number(), multiAppLicense: z.number() });

export const bundleSchema = z
  .object({
    _id: idSchema,
    name: z.string(),
    seller: z.object({ _id: idSchema, name: z.string() }),
    /** The bundle's prices, in US dollars. */
    singleAppLicense: z.number(),
    multiAppLicense: z.number(),
    /** The sum of its products' listed prices today, per licence type: what buying them one by one costs. */
    listed: licencePrices,
    /** Every product approved and both prices still at least 10% below their sums: buyers may buy it. */
    forSale: z.boolean(),
    /** Why it is not for sale, for its seller: a product off the store, or a price no longer 10% below. */
    whyNotForSale: z.string().nullable(),
    products: z.array(bundleProductSchema),
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
  })
  .meta({ id: 'Bundle' });
export type Bundle = z.infer<typeof bundleSchema>;
export const bundleListSchema = z.array(bundleSchema);
