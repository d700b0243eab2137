import { z } from 'zod';
import { moderationStateSchema } from './moderation.js';
import { idSchema, isoDateTimeSchema, visibleLine, wholeNumber } from './common.js';
import {
  categorySchema,
  frameworkSchema,
  LANGUAGE_CODES,
  languageCodeSchema,
  popularPeriodSchema,
  productStatusSchema,
  productTypeSchema,
  subCategorySchema,
  type LanguageCode,
} from './enums.js';
import { versionSchema } from './releases.js';
import { engineSchema } from './inside.js';
import { appStoreLinkSchema, googlePlayLinkSchema, livePreviewLinkSchema, webLinkSchema } from './rules/links.js';

/** Prices travel as US dollars with at most two decimals; the server keeps cents. */
export const MAX_PRICE_USD = 100_000;
export const priceSchema = z.coerce
  .number({ error: 'Enter a price in US dollars' })
  .refine(Number.isFinite, 'Enter a price in US dollars')
  .positive('The price must be more than 0')
  .max(MAX_PRICE_USD, `The price must be at most $${MAX_PRICE_USD}`)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'Use at most two decimals for a price');

export const MULTI_BELOW_SINGLE_MESSAGE = 'The Multi App License price must be at least the Single App License price';

/**
 * A Multi App License covers every app a Single one does and more, so it never costs less. Shared
 * by the server's schema and the upload form, which checks its fields one by one.
 */
export function refineLicencePrices(prices: { singleAppLicense?: unknown; multiAppLicense?: unknown }, context: z.RefinementCtx) {
  const { singleAppLicense, multiAppLicense } = prices;
  if (typeof singleAppLicense === 'number' && typeof multiAppLicense === 'number' && multiAppLicense < singleAppLicense) {
    context.addIssue({ code: 'custom', message: MULTI_BELOW_SINGLE_MESSAGE, path: ['multiAppLicense'] });
  }
}

/** Empty form fields mean "none". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** Per-language text: keys are docs/product-spec.md's language codes, English required. */
const perLanguage = <T extends z.ZodType>(value: T) => z.partialRecord(languageCodeSchema, value);

/**
 * Per-language text as a client sends it: any other key is refused by name. A record would drop a
 * `__proto__` key without a word; an object of optional languages refuses it like any unknown key.
 */
const perLanguageInput = <T extends z.ZodType>(value: T) =>
  z.strictObject(Object.fromEntries(LANGUAGE_CODES.map((code) => [code, value.optional()])) as Record<LanguageCode, z.ZodOptional<T>>);

export const YOUTUBE_LINK_PATTERN = /^https:\/\/(www\.|m\.)?(youtube\.com\/(watch\?v=|live\/|shorts\/)|youtu\.be\/)[A-Za-z0-9_-]{6,}/;

/**
 * The text fields of POST /api/product/uploadProduct and PUT /api/product/editProduct/{id}
 * once the multipart form is read (title, description and keywords arrive as JSON text).
 * `userId` and `status` are accepted for clients written to docs/product-spec.md and ignored: the server decides both.
 */
const productFormFields = z.strictObject({
  type: productTypeSchema,
  category: categorySchema,
  subCategory: subCategorySchema,
  frameWork: optional(frameworkSchema),
  title: perLanguageInput(z.string().trim().min(1, 'Enter a title').max(120, 'A title is at most 120 characters')).refine(
    (titles) => Boolean(titles.en),
    { message: 'Enter the English title' },
  ),
  description: perLanguageInput(z.string().max(50_000, 'A description is at most 50,000 characters')),
  keywords: perLanguageInput(z.array(z.string().trim().min(1).max(40)).max(30, 'At most 30 keywords per language')).default({}),
  features: z.string({ error: 'Describe the features' }).trim().min(1, 'Describe the features').max(50_000),
  youtubeLink: optional(webLinkSchema.refine((value) => YOUTUBE_LINK_PATTERN.test(value), 'Use a YouTube watch, live or shorts link')),
  googlePlayLink: optional(googlePlayLinkSchema),
  appStoreLink: optional(appStoreLinkSchema),
  livePreview: livePreviewLinkSchema,
  singleAppLicense: priceSchema,
  multiAppLicense: priceSchema,
  developmentHours: optional(wholeNumber('Development hours', 0, 100_000)),
  authorName: visibleLine('Enter the author studio name', 80, 'A studio name is at most 80 characters'),
  reskinFeatures: optional(z.string().max(50_000)),
  reskinPrice: optional(priceSchema),
  /** The first release's version: 1.0.0 when left out; an edit cannot change it. */
  version: optional(versionSchema),
  userId: z.string().optional(),
  status: z.string().optional(),
});
/** The fields, and the rule between the two prices. */
export const productFormSchema = productFormFields.superRefine(refineLicencePrices);
export type ProductForm = z.infer<typeof productFormSchema>;

/** Required upload files (docs/product-spec.md §5); screenshots are optional and repeated. */
export const PRODUCT_FILE_FIELDS = ['featureImg', 'thumbnail', 'sourceCode', 'screenshots'] as const;
export type ProductFileField = (typeof PRODUCT_FILE_FIELDS)[number];
export const MAX_SCREENSHOTS = 10;
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

export const productOwnerSchema = z.object({ _id: idSchema, name: z.string() });

/**
 * A sale running now on the product: its prices (the listed ones are the struck-through prices) and
 * the lowest price of each licence in the 30 days before the sale began (EU Omnibus rule), in US dollars.
 */
export const productSaleSchema = z
  .object({
    percent: z.number().int(),
    startsAt: isoDateTimeSchema,
    endsAt: isoDateTimeSchema,
    singleAppLicense: z.number(),
    multiAppLicense: z.number(),
    lowestIn30Days: z.object({ singleAppLicense: z.number(), multiAppLicense: z.number() }),
  })
  .meta({ id: 'ProductSale' });
export type ProductSale = z.infer<typeof productSaleSchema>;

/** What a card, a carousel or a list row needs. */
export const productSummarySchema = z
  .object({
    _id: idSchema,
    slug: z.string(),
    type: productTypeSchema,
    category: categorySchema,
    subCategory: subCategorySchema,
    title: perLanguage(z.string()),
    thumbnail: z.string(),
    singleAppLicense: z.number(),
    multiAppLicense: z.number(),
    reskinPrice: z.number().nullable(),
    livePreview: z.string(),
    authorName: z.string(),
    status: productStatusSchema,
    downloads: z.number().int(),
    /** Verified buyers' reviews: the average to one decimal and the count; null without any. */
    rating: z.object({ average: z.number(), count: z.number().int() }).nullable(),
    createdAt: isoDateTimeSchema,
    /** Only in answers to the product's owner or an admin. */
    moderation: moderationStateSchema.optional(),
    /** Only while a sale runs on the product. */
    sale: productSaleSchema.optional(),
  })
  .meta({ id: 'ProductSummary' });
export type ProductSummary = z.infer<typeof productSummarySchema>;
export const productSummaryListSchema = z.array(productSummarySchema);

/**
 * GET /api/product/{id}/also-bought: approved products the product's buyers also bought in the last
 * 180 days (refunded lines left out), by how many of them bought both; at most 8, never the product.
 */
export const alsoBoughtSchema = z.array(productSummarySchema).max(8);

/** The detail page. `sourceCodeUrl` is present only for the owner and admins. */
export const productDetailSchema = productSummarySchema
  .extend({
    frameWork: frameworkSchema.nullable(),
    description: perLanguage(z.string()),
    keywords: perLanguage(z.array(z.string())),
    features: z.string(),
    featureImg: z.string(),
    screenshots: z.array(z.string()),
    youtubeLink: z.string().nullable(),
    googlePlayLink: z.string().nullable(),
    appStoreLink: z.string().nullable(),
    developmentHours: z.number().nullable(),
    reskinFeatures: z.string().nullable(),
    userId: productOwnerSchema,
    updatedAt: isoDateTimeSchema,
    /** The newest approved release: "Version 1.2.0 · updated {date}" on the product page. */
    latestRelease: z.object({ version: z.string(), publishedAt: isoDateTimeSchema }).nullable(),
    sourceCodeUrl: z.string().optional(),
  })
  .meta({ id: 'ProductDetail' });
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const productListQuerySchema = z.strictObject({
  status: productStatusSchema.optional(),
  subCategory: subCategorySchema.optional(),
  /** The engine the newest approved release's analysis detected. */
  engine: engineSchema.optional(),
  mine: z.enum(['true', 'false']).optional(),
  /** Only products with a sale running now (the browse page's "On sale" filter). */
  onSale: z.enum(['true', 'false']).optional(),
  limit: wholeNumber('limit', 1, 100).default(100),
  offset: wholeNumber('offset', 0, 1_000_000).default(0),
});

export const searchQuerySchema = z.strictObject({
  q: z.string().trim().max(200, 'Search text is at most 200 characters').default(''),
  limit: wholeNumber('limit', 1, 6).default(6),
});

/** How the search results page may order its products (docs/decisions/0019). */
export const SEARCH_SORTS = ['relevance', 'newest', 'best_selling', 'top_rated', 'price_asc', 'price_desc'] as const;
export const searchSortSchema = z.enum(SEARCH_SORTS);
/** Platforms a product builds for: from its category and store links (docs/decisions/0019). */
export const SEARCH_PLATFORMS = ['Android', 'iOS'] as const;
/** Licence offers beyond the Single App License every product has (docs/decisions/0019). */
export const SEARCH_LICENCES = ['multi_app', 'reskin'] as const;
/** Last update within: 7, 30 or 365 days. */
export const SEARCH_UPDATED_WITHIN = ['7d', '30d', '365d'] as const;

/**
 * GET /api/product/search/results: the search results and browse page. Prices in US dollars on the
 * Single App License, minPrice inclusive and maxPrice exclusive; minRating on the mean of the reviews.
 */
export const searchResultsQuerySchema = z.strictObject({
  q: z.string().trim().max(200, 'Search text is at most 200 characters').default(''),
  engine: engineSchema.optional(),
  platform: z.enum(SEARCH_PLATFORMS).optional(),
  category: categorySchema.optional(),
  subCategory: subCategorySchema.optional(),
  minPrice: wholeNumber('minPrice', 0, MAX_PRICE_USD).optional(),
  maxPrice: wholeNumber('maxPrice', 1, MAX_PRICE_USD).optional(),
  minRating: wholeNumber('minRating', 1, 5).optional(),
  licence: z.enum(SEARCH_LICENCES).optional(),
  onSale: z.enum(['true', 'false']).optional(),
  updatedWithin: z.enum(SEARCH_UPDATED_WITHIN).optional(),
  sort: searchSortSchema.default('relevance'),
  limit: wholeNumber('limit', 1, 100).default(24),
  offset: wholeNumber('offset', 0, 10_000).default(0),
});
export type SearchResultsQuery = z.infer<typeof searchResultsQuerySchema>;

const facetValuesSchema = z.array(z.object({ value: z.string(), count: z.number().int() }));

export const searchResultsSchema = z
  .object({
    products: productSummaryListSchema,
    /** Products matching the text and every filter. */
    total: z.number().int(),
    /** Each facet counted over the products matching the text and every other filter. */
    facets: z.object({
      engine: facetValuesSchema,
      platform: facetValuesSchema,
      category: facetValuesSchema,
      subCategory: facetValuesSchema,
      /** US dollar ranges of the Single App License: min inclusive, max exclusive (null: no upper end). */
      price: z.array(z.object({ value: z.string(), min: z.number(), max: z.number().nullable(), count: z.number().int() })),
      /** value n: products whose reviews average at least n stars. */
      rating: facetValuesSchema,
      licence: facetValuesSchema,
      onSale: facetValuesSchema,
      updatedWithin: facetValuesSchema,
    }),
  })
  .meta({ id: 'SearchResults' });
export type SearchResults = z.infer<typeof searchResultsSchema>;

export const popularQuerySchema = z.strictObject({
  period: popularPeriodSchema.default('all'),
  limit: wholeNumber('limit', 1, 100).default(12),
});

export const slugParamsSchema = z.strictObject({ slug: z.string().min(1).max(300) });

export const LISTING_TITLES: Record<string, string> = {
  'popular-of-month': 'Popular Of Month',
  'popular-of-year': 'Popular Of Year',
  'popular-of-all-time': 'Popular Of All Time',
  'on-sale': 'On Sale',
};
export const LISTING_SLUGS = [
  'newly-uploading-games',
  'on-sale',
  'popular-of-all-time',
  'popular-of-month',
  'popular-of-year',
  'trending-games',
] as const;

export const listingSchema = z.object({ title: z.string().nullable(), products: productSummaryListSchema }).meta({ id: 'Listing' });

export const subCategoryCountsSchema = z.array(z.object({ subCategory: subCategorySchema, count: z.number().int() }));

export const gameViewCountsSchema = z.array(z.object({ productId: idSchema, views: z.number().int() }));

/** The English title, or the first title there is. */
export function productTitle(title: Partial<Record<LanguageCode, string>>): string {
  return title.en ?? Object.values(title)[0] ?? '';
}
