import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.js';

export const MAX_SALE_PERCENT = 90;
export const MAX_SALE_DAYS = 90;
export const MAX_SALE_PRODUCTS = 100;
/** A sale may not start within this many days of a price rise: its struck-through price must have been the price. */
export const SALE_PRICE_RISE_DAYS = 30;

/** POST /api/sale: a percent off some of the seller's products for a period. */
export const saleEventBodySchema = z
  .strictObject({
    productIds: z
      .array(idSchema)
      .min(1, 'Choose at least one product')
      .max(MAX_SALE_PRODUCTS, `A sale holds at most ${MAX_SALE_PRODUCTS} products`)
      .transform((ids) => [...new Set(ids)]),
    percent: z
      .number({ error: 'Enter the percent off' })
      .int(`A sale takes a whole percent from 1 to ${MAX_SALE_PERCENT} off`)
      .min(1, `A sale takes a whole percent from 1 to ${MAX_SALE_PERCENT} off`)
      .max(MAX_SALE_PERCENT, `A sale takes a whole percent from 1 to ${MAX_SALE_PERCENT} off`),
    startsAt: isoDateTimeSchema,
    endsAt: isoDateTimeSchema,
  })
  .superRefine((body, context) => {
    const length = Date.parse(body.endsAt) - Date.parse(body.startsAt);
    if (length <= 0) context.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must come after the start' });
    else if (length > MAX_SALE_DAYS * 86_400_000)
      context.addIssue({ code: 'custom', path: ['endsAt'], message: `A sale lasts at most ${MAX_SALE_DAYS} days` });
  });
export type SaleEventBody = z.infer<typeof saleEventBodySchema>;

export const saleEventStateSchema = z.enum(['scheduled', 'running', 'ended']);
export type SaleEventState = z.infer<typeof saleEventStateSchema>;

/** A seller's sale (a period at a percent off) as GET /api/sale lists it; `Sale` is a sold line's name. */
export const saleEventSchema = z
  .object({
    _id: idSchema,
    percent: z.number().int(),
    startsAt: isoDateTimeSchema,
    endsAt: isoDateTimeSchema,
    state: saleEventStateSchema,
    products: z.array(
      z.object({
        productId: idSchema,
        title: z.string().nullable(),
        /** Today's listed prices and the sale's, in US dollars. */
        singleAppLicense: z.number(),
        multiAppLicense: z.number(),
        saleSingleAppLicense: z.number(),
        saleMultiAppLicense: z.number(),
        lowestIn30Days: z.object({ singleAppLicense: z.number(), multiAppLicense: z.number() }),
      }),
    ),
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'SaleEvent' });
export type SaleEvent = z.infer<typeof saleEventSchema>;
export const saleEventListSchema = z.array(saleEventSchema);
