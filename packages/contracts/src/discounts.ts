import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.js';
import { LICENSE_TYPES, licenseTypeSchema } from './enums.js';
import { MAX_PRICE_USD } from './products.js';
import { formatUsd } from './rules/money.js';

/** The words a buyer reads about a code, at the cart and when a checkout refuses it. */
export const DISCOUNT_MESSAGES = {
  applied: 'Code applied',
  unknown: 'This code does not exist',
  notYet: 'This code is not active yet',
  expired: 'This code has expired',
  paused: 'This code is paused',
  notApplicable: 'This code does not apply to these products',
  usedUp: 'This code has been used up',
  alreadyUsed: 'You have already used this code',
  oneCode: 'Only one code can be used per order',
  minSubtotal: (cents: number) => `This code needs at least ${formatUsd(cents)} of its products in the cart`,
} as const;

/** Whose codes: a seller's own, for their products; or the platform's, made by admins for every seller's products and funded by the platform. */
export type DiscountScope = 'seller' | 'platform';

export const DISCOUNT_CODE_MAX_LENGTH = 32;
/** Products one code may name; more is a code for all of the seller's products. */
export const MAX_DISCOUNT_PRODUCTS = 200;
export const MAX_DISCOUNT_REDEMPTIONS = 1_000_000;

/** A code as a buyer types it: one code, compared without regard to case. */
export const discountCodeInputSchema = z
  .string({ error: 'Enter a code' })
  .trim()
  .min(1, 'Enter a code')
  .max(DISCOUNT_CODE_MAX_LENGTH, DISCOUNT_MESSAGES.unknown)
  .refine((code) => !/[\s,;+]/.test(code), DISCOUNT_MESSAGES.oneCode);

/** The letters a code is made of: ASCII only, so that no other letter upper-cases onto them (ı → I, ß → SS, ﬁ → FI). */
export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

/** A code as a seller makes it: letters, digits, "-" and "_". */
export const discountCodeSchema = z
  .string({ error: 'Enter a code' })
  .trim()
  .min(3, 'A code has at least 3 characters')
  .max(DISCOUNT_CODE_MAX_LENGTH, `A code has at most ${DISCOUNT_CODE_MAX_LENGTH} characters`)
  .regex(DISCOUNT_CODE_PATTERN, 'A code may hold letters, digits, "-" and "_" only');

const hasTwoDecimalsAtMost = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** POST /api/discount and PUT /api/discount/{id}: a seller's code. Amount: percent 1–100, or US dollars off each line. */
export const discountBodySchema = z
  .strictObject({
    code: discountCodeSchema,
    kind: z.enum(['percent', 'fixed'], { error: 'Choose a percent or a fixed amount' }),
    amount: z.number({ error: 'Enter the amount off' }).positive('The amount off must be more than 0'),
    productIds: z
      .array(idSchema)
      .max(MAX_DISCOUNT_PRODUCTS, `Name at most ${MAX_DISCOUNT_PRODUCTS} products, or none for all of them`)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    licenceTypes: z
      .array(licenseTypeSchema)
      .min(1, 'Choose at least one licence type')
      .default([...LICENSE_TYPES])
      .transform((types) => LICENSE_TYPES.filter((type) => types.includes(type))),
    startsAt: isoDateTimeSchema.nullable().default(null),
    endsAt: isoDateTimeSchema.nullable().default(null),
    maxRedemptions: z
      .number({ error: 'Enter a whole number of uses' })
      .int('Enter a whole number of uses')
      .min(1, 'A code can be used at least once')
      .max(MAX_DISCOUNT_REDEMPTIONS, `At most ${MAX_DISCOUNT_REDEMPTIONS.toLocaleString('en')} uses`)
      .nullable()
      .default(null),
    onePerBuyer: z.boolean().default(false),
    minSubtotal: z
      .number({ error: 'Enter a minimum in US dollars' })
      .min(0, 'The minimum cannot be negative')
      .max(MAX_PRICE_USD, `The minimum must be at most $${MAX_PRICE_USD}`)
      .refine(hasTwoDecimalsAtMost, 'Use at most two decimals')
      .default(0),
    paused: z.boolean().default(false),
  })
  .superRefine((body, context) => {
    if (body.kind === 'percent' && (!Number.isInteger(body.amount) || body.amount > 100))
      context.addIssue({ code: 'custom', path: ['amount'], message: 'A percent off is a whole number from 1 to 100' });
    // At least a cent: a positive amount that rounds to no cents (5e-324) would be a code worth nothing.
    if (body.kind === 'fixed' && (body.amount < 0.01 || body.amount > MAX_PRICE_USD || !hasTwoDecimalsAtMost(body.amount)))
      context.addIssue({
        code: 'custom',
        path: ['amount'],
        message: `An amount off is in US dollars, from $0.01 to $${MAX_PRICE_USD}, two decimals`,
      });
    if (body.startsAt && body.endsAt && Date.parse(body.endsAt) <= Date.parse(body.startsAt))
      context.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must come after the start' });
  });
export type DiscountBody = z.infer<typeof discountBodySchema>;

/** Where a code stands now. */
export const discountStateSchema = z.enum(['active', 'scheduled', 'expired', 'paused', 'used up']);
export type DiscountState = z.infer<typeof discountStateSchema>;

/** A seller's code, with what it has done: uses paid, uses held by open checkouts, and money. */
export const discountSchema = z
  .object({
    _id: idSchema,
    code: z.string(),
    kind: z.enum(['percent', 'fixed']),
    amount: z.number(),
    productIds: z.array(idSchema),
    /** Made for named products: with none left (all deleted) it reaches none, not all of the seller's. */
    namesProducts: z.boolean(),
    licenceTypes: z.array(licenseTypeSchema),
    startsAt: isoDateTimeSchema.nullable(),
    endsAt: isoDateTimeSchema.nullable(),
    maxRedemptions: z.number().int().nullable(),
    onePerBuyer: z.boolean(),
    minSubtotal: z.number(),
    paused: z.boolean(),
    state: discountStateSchema,
    /** Paid orders that used the code. */
    redemptions: z.number().int(),
    /** Checkouts under way holding a use. */
    held: z.number().int(),
    /** What the code's orders paid for the seller's lines, and what it took off them (US dollars). */
    revenue: z.number(),
    discounted: z.number(),
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'Discount' });
export type Discount = z.infer<typeof discountSchema>;
export const discountListSchema = z.array(discountSchema);
