import { z } from 'zod';
import { idSchema } from './common.js';

/** docs/decisions/0020: the longest period one analytics answer covers. */
export const ANALYTICS_MAX_DAYS = 366;

/**
 * Where a visit came from: the landing URL's `utm_source`, or else the host of an outside
 * `document.referrer`; lower-cased, letters, digits, dots, dashes and underscores only.
 * Direct visits carry none and are shown as "Direct".
 */
export const referrerSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,63}$/, 'The referrer is a host name or a utm_source of at most 64 letters, digits, dots or dashes');
export const DIRECT_REFERRER_LABEL = 'Direct';

/** POST /api/view/GameView/{id}?referrer= and POST /api/analytics/cart/{id}?referrer=. */
export const analyticsEventQuerySchema = z.strictObject({ referrer: referrerSchema.optional() });

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const calendarDay = (what: string) =>
  z
    .string({ error: `${what} is a date, YYYY-MM-DD` })
    .regex(DAY, `${what} is a date, YYYY-MM-DD`)
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
    }, `${what} is not a day of the calendar`);

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** GET /api/user/analytics and its CSV: both days included (UTC), at most ANALYTICS_MAX_DAYS of them. */
export const analyticsQuerySchema = z
  .strictObject({
    from: calendarDay('from'),
    to: calendarDay('to'),
    productId: idSchema.optional(),
  })
  .superRefine((query, context) => {
    const days = daysBetween(query.from, query.to);
    if (days < 1) context.addIssue({ code: 'custom', path: ['to'], message: 'to must not be before from' });
    else if (days > ANALYTICS_MAX_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], message: `The period is at most ${ANALYTICS_MAX_DAYS} days` });
    }
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;

const count = z.number().int().nonnegative();

/** One day's figures (or a period's): events counted, sales and refunds as recorded, revenue from the ledger. */
export const analyticsFiguresSchema = z.object({
  views: count,
  carts: count,
  checkouts: count,
  sales: count,
  refunds: count,
  /** sales / views; null without views, or with more sales than counted views (no rate can be told). */
  conversion: z.number().nonnegative().nullable(),
  /** The seller's sale entries less refund entries in the ledger, in cents: what the statement shows for them. */
  revenueCents: z.number().int(),
});
export type AnalyticsFigures = z.infer<typeof analyticsFiguresSchema>;

export const sellerAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  productId: idSchema.nullable(),
  totals: analyticsFiguresSchema,
  days: z.array(analyticsFiguresSchema.extend({ day: z.string() })),
  /** `referrer` null: direct visits (no outside referrer, no utm_source). */
  referrers: z.array(z.object({ referrer: z.string().nullable(), views: count, carts: count, sales: count })),
  products: z.array(analyticsFiguresSchema.extend({ productId: idSchema, title: z.string() })),
  /** Every approved release of the product(s), newest first, with the distinct buyers who downloaded it. */
  releases: z.array(
    z.object({
      releaseId: z.string(),
      productId: idSchema,
      title: z.string(),
      version: z.string(),
      publishedAt: z.string().nullable(),
      buyers: count,
    }),
  ),
});
export type SellerAnalytics = z.infer<typeof sellerAnalyticsSchema>;

/** The products the seller may choose on the page: every one they own, any status. */
export const analyticsProductsSchema = z.array(z.object({ _id: idSchema, title: z.string() }));
