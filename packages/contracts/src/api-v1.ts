/** The public API v1's schemas and messages (docs/decisions/0014); its scopes are api-scopes.ts. */
import { z } from 'zod';
import { idSchema, isoDateTimeSchema, wholeNumber } from './common.js';
import { type ApiScope } from './api-scopes.js';
import { categorySchema, licenseTypeSchema, productStatusSchema, productTypeSchema } from './enums.js';
import { licenceStatusSchema, purchaseCodeSchema, reasonBodySchema, verificationSchema } from './licences.js';

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
