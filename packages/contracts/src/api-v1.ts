/** The public API v1's schemas and messages (docs/decisions/0014); its scopes are api-scopes.ts. */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, wholeNumber } from './common.js';
import { type ApiScope } from './api-scopes.js';
import { categorySchema, LANGUAGE_CODES, type LanguageCode, licenseTypeSchema, productStatusSchema, productTypeSchema } from './enums.js';
import { licenceStatusSchema, purchaseCodeSchema, reasonBodySchema, verificationSchema } from './licences.js';
import { releaseSchema } from './releases.js';
import { replyBodySchema } from './reviews.js';

export const API_V1_PREFIX = '/api/v1/';

/** v1's failures: a stable code a program can branch on, and a message for a person. */
export const API_V1_ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'missing_scope',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'unavailable',
  'server_error',
] as const;
export type ApiV1ErrorCode = (typeof API_V1_ERROR_CODES)[number];

export const apiV1ErrorSchema = z
  .object({
    error: z.object({
      code: z.enum(API_V1_ERROR_CODES),
      message: z.string(),
      /** The request field the failure is about (`cursor`, `reason` …). */
      field: z.string().optional(),
    }),
  })
  .meta({ id: 'ApiV1Error', example: { error: { code: 'missing_scope', message: 'This token lacks the scope sales:read' } } });
export type ApiV1Error = z.infer<typeof apiV1ErrorSchema>;

export const missingScopeMessage = (scope: ApiScope) => `This token lacks the scope ${scope}`;
export const BAD_CURSOR_MESSAGE = 'This cursor was not given by a previous page; start again without one';

/** `?limit=&cursor=` of a cursor-paged list: `cursor` is the `nextCursor` of the page before. */
export const cursorQuerySchema = z.strictObject({
  limit: wholeNumber('limit', 1, 100).default(20),
  cursor: z.string().min(1).max(200).optional(),
});
export type CursorQuery = z.infer<typeof cursorQuerySchema>;

const pageOf = <T extends z.ZodType>(item: T, id: string) =>
  z
    .object({
      data: z.array(item),
      /** Give it as `cursor` for the next page; null on the last one. */
      nextCursor: z.string().nullable(),
    })
    .meta({ id });

export const apiV1ProductSchema = z
  .object({
    id: idSchema,
    title: z.string(),
    status: productStatusSchema,
    type: productTypeSchema,
    category: categorySchema,
    singleAppLicenseCents: z.number().int(),
    multiAppLicenseCents: z.number().int(),
    downloads: z.number().int(),
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
  })
  .meta({ id: 'ApiV1Product' });
export type ApiV1Product = z.infer<typeof apiV1ProductSchema>;
export const apiV1ProductPageSchema = pageOf(apiV1ProductSchema, 'ApiV1ProductPage');
export type ApiV1ProductPage = z.infer<typeof apiV1ProductPageSchema>;

/** One sold line of the seller's products. */
export const apiV1SaleSchema = z
  .object({
    orderId: idSchema,
    lineId: idSchema,
    productId: idSchema,
    title: z.string(),
    licenseType: licenseTypeSchema,
    paidCents: z.number().int(),
    soldAt: isoDateTimeSchema,
    refunded: z.boolean(),
  })
  .meta({ id: 'ApiV1Sale' });
export type ApiV1Sale = z.infer<typeof apiV1SaleSchema>;
export const apiV1SalePageSchema = pageOf(apiV1SaleSchema, 'ApiV1SalePage');
export type ApiV1SalePage = z.infer<typeof apiV1SalePageSchema>;

/** One line of a sale as recorded at the sale, in cents: `paidCents = listCents - discountCents + taxCents`. */
export const apiV1SaleLineSchema = z
  .object({
    lineId: idSchema,
    productId: idSchema,
    title: z.string(),
    licenseType: licenseTypeSchema,
    listCents: z.number().int(),
    /** Every discount the line had, the platform's part included. */
    discountCents: z.number().int(),
    /** The part of `discountCents` a platform code funded: the seller still earns it (docs/decisions/0009). */
    platformDiscountCents: z.number().int(),
    taxCents: z.number().int(),
    paidCents: z.number().int(),
  })
  .meta({ id: 'ApiV1SaleLine' });

/** A refund of one of the sale's lines, as recorded; `pending` while the provider has not confirmed it. */
export const apiV1SaleRefundSchema = z
  .object({
    id: idSchema,
    lineId: idSchema,
    amountCents: z.number().int(),
    reason: z.string(),
    status: z.enum(['pending', 'succeeded']),
    /** When the refund was taken. */
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'ApiV1SaleRefund' });

/**
 * GET /api/v1/sales/{id}: one sale (the `orderId` of the sales list) with the seller's own lines of
 * it and their refunds. Another seller's lines of the same order are not shown.
 */
export const apiV1SaleDetailSchema = z
  .object({
    orderId: idSchema,
    currency: z.string(),
    soldAt: isoDateTimeSchema,
    lines: z.array(apiV1SaleLineSchema),
    refunds: z.array(apiV1SaleRefundSchema),
  })
  .meta({
    id: 'ApiV1SaleDetail',
    example: {
      orderId: '6650f0c2a1b2c3d4e5f60730',
      currency: 'usd',
      soldAt: '2026-02-01T09:30:00.000Z',
      lines: [
        {
          lineId: '6650f0c2a1b2c3d4e5f60731',
          productId: '6650f0c2a1b2c3d4e5f60718',
          title: 'Space Runner',
          licenseType: 'Single App License',
          listCents: 4999,
          discountCents: 1250,
          platformDiscountCents: 0,
          taxCents: 0,
          paidCents: 3749,
        },
      ],
      refunds: [
        {
          id: '6650f0c2a1b2c3d4e5f60732',
          lineId: '6650f0c2a1b2c3d4e5f60731',
          amountCents: 3749,
          reason: 'The archive does not build',
          status: 'succeeded',
          createdAt: '2026-02-03T12:00:00.000Z',
        },
      ],
    },
  });
export type ApiV1SaleDetail = z.infer<typeof apiV1SaleDetailSchema>;

/** A licence of one of the seller's products, as the seller sees it. */
export const apiV1LicenceSchema = verificationSchema
  .extend({ purchaseCode: z.string(), status: licenceStatusSchema, revokedReason: z.string().nullable() })
  .meta({ id: 'ApiV1Licence' });
export type ApiV1Licence = z.infer<typeof apiV1LicenceSchema>;

export const apiV1LicenceParamsSchema = z.strictObject({ code: purchaseCodeSchema });
export const apiV1RevokeBodySchema = reasonBodySchema;
export const apiV1StatementQuerySchema = z.strictObject({
  limit: wholeNumber('limit', 1, 100).default(20),
  offset: wholeNumber('offset', 0, 10_000_000).default(0),
});

// ---- Products' and releases' writes (docs/decisions/0014): PATCH a product, publish and list releases ----

/** Per language, any other key refused by name (as the site's form does). */
const perLanguage = <T extends z.ZodType>(value: T) =>
  z.strictObject(Object.fromEntries(LANGUAGE_CODES.map((code) => [code, value.optional()])) as Record<LanguageCode, z.ZodOptional<T>>);

/**
 * PATCH /api/v1/products/{id}: the texts and prices a seller changes, each optional. They go through
 * the site's edit (its rules and its moderation); title, description and keywords, when given,
 * replace every language's, as the site's edit form does. Prices are in cents.
 */
export const apiV1ProductUpdateSchema = z
  .strictObject({
    title: perLanguage(z.string()).optional(),
    /** Rich text (HTML), sanitised like the site's. */
    description: perLanguage(z.string()).optional(),
    keywords: perLanguage(z.array(z.string())).optional(),
    /** Rich text (HTML), sanitised like the site's. */
    features: z.string().optional(),
    singleAppLicenseCents: z.number().int().positive().optional(),
    multiAppLicenseCents: z.number().int().positive().optional(),
  })
  .refine((update) => Object.keys(update).length > 0, { message: 'Send at least one field to change' })
  .meta({
    id: 'ApiV1ProductUpdate',
    example: { title: { en: 'Space Runner' }, singleAppLicenseCents: 3999, multiAppLicenseCents: 11999 },
  });
export type ApiV1ProductUpdate = z.infer<typeof apiV1ProductUpdateSchema>;

/**
 * The product after a PATCH. An approved product's change waits for an admin (`pendingChangeAt`
 * is when it was sent) and the product answers as it is still listed; any other product's change
 * applies at once and the product goes back to Pending for review.
 */
export const apiV1UpdatedProductSchema = apiV1ProductSchema.extend({ pendingChangeAt: isoDateTimeSchema.nullable() }).meta({
  id: 'ApiV1UpdatedProduct',
  example: {
    id: '6650f0c2a1b2c3d4e5f60718',
    title: 'Space Runner',
    status: 'Approved',
    type: 'Games',
    category: 'Unity',
    singleAppLicenseCents: 4999,
    multiAppLicenseCents: 14999,
    downloads: 12,
    createdAt: '2026-01-15T10:00:00.000Z',
    updatedAt: '2026-01-15T10:00:00.000Z',
    pendingChangeAt: '2026-02-01T09:30:00.000Z',
  },
});
export type ApiV1UpdatedProduct = z.infer<typeof apiV1UpdatedProductSchema>;

/**
 * A release of the seller's product: the site's release (`status` Pending until an admin approves,
 * when buyers are served it, or rejects it) under v1's `id`, and its archive's analysis.
 */
export const apiV1ReleaseSchema = z
  .object({
    id: idSchema,
    ...releaseSchema.omit({ _id: true }).shape,
    /** The archive's analysis, run in the background: `analysing` until its report is written; `refused` with the reason. */
    analysis: z.object({ status: z.enum(['analysing', 'ready', 'refused']), reason: z.string().nullable() }),
  })
  .meta({
    id: 'ApiV1Release',
    example: {
      id: '6650f0c2a1b2c3d4e5f60720',
      productId: '6650f0c2a1b2c3d4e5f60718',
      version: '1.1.0',
      changelog: '<p>Faster level loading</p>',
      engineVersion: 'Unity 2022.3',
      sizeBytes: 1843200,
      status: 'Pending',
      createdAt: '2026-02-01T09:30:00.000Z',
      publishedAt: null,
      analysis: { status: 'analysing', reason: null },
    },
  });
export type ApiV1Release = z.infer<typeof apiV1ReleaseSchema>;

/** Every release of the product, newest version first (a product has few: the list is not paged). */
export const apiV1ReleaseListSchema = z.object({ data: z.array(apiV1ReleaseSchema) }).meta({ id: 'ApiV1ReleaseList' });
export type ApiV1ReleaseList = z.infer<typeof apiV1ReleaseListSchema>;

// ---- Reviews (docs/decisions/0014): the seller's products' reviews and the seller's reply ----

/** A visible review of one of the seller's products, with the seller's reply when there is one. */
export const apiV1ReviewSchema = z
  .object({
    id: idSchema,
    productId: idSchema,
    productTitle: z.string(),
    rating: z.number().int().min(1).max(5),
    text: z.string(),
    reviewerName: z.string(),
    /** The reviewer still holds an active licence of the product. */
    verified: z.boolean(),
    createdAt: isoDateTimeSchema,
    updatedAt: isoDateTimeSchema,
    reply: z.object({ text: z.string(), repliedAt: isoDateTimeSchema }).nullable(),
  })
  .meta({
    id: 'ApiV1Review',
    example: {
      id: '6650f0c2a1b2c3d4e5f60740',
      productId: '6650f0c2a1b2c3d4e5f60718',
      productTitle: 'Space Runner',
      rating: 4,
      text: 'Clean code, builds at once.',
      reviewerName: 'Bea Buyer',
      verified: true,
      createdAt: '2026-02-02T08:00:00.000Z',
      updatedAt: '2026-02-02T08:00:00.000Z',
      reply: { text: 'Thank you! Level packs are coming in 1.2.', repliedAt: '2026-02-02T10:00:00.000Z' },
    },
  });
export type ApiV1Review = z.infer<typeof apiV1ReviewSchema>;
export const apiV1ReviewPageSchema = pageOf(apiV1ReviewSchema, 'ApiV1ReviewPage');
export type ApiV1ReviewPage = z.infer<typeof apiV1ReviewPageSchema>;

/** POST /api/v1/reviews/{id}/reply: the site's reply rules (replacing an earlier reply corrects it). */
export const apiV1ReplyBodySchema = replyBodySchema.meta({
  id: 'ApiV1ReviewReply',
  example: { text: 'Thank you! Level packs are coming in 1.2.' },
});
