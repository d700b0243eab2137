import { z } from 'zod';
import { referrerSchema } from './analytics.js';
import { idSchema, isoDateTimeSchema } from './common.js';
import { categorySchema, licenseTypeSchema, textBooleanSchema } from './enums.js';
import { licenceStatusSchema } from './licences.js';
import { lineRefundRequestSchema, lineRefundSchema } from './refunds.js';
import { discountCodeInputSchema } from './discounts.js';

/** The message of every download refused because the licence window has passed. */
export const DOWNLOAD_WINDOW_CLOSED_MESSAGE = 'The download window for this licence has closed.';
export const PURCHASE_RECORDED_MESSAGE = 'Purchase recorded';
export const MAX_CART_LINES = 50;

export const PAYMENT_PROVIDERS = ['simulated', 'stripe'] as const;
export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;

/** GET /api/payment/config (public): which checkout the page shows. */
export const paymentConfigSchema = z
  .object({
    provider: paymentProviderSchema,
    publishableKey: z.string().nullable(),
  })
  .meta({ id: 'PaymentConfig' });
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

/** One cart line as the browser sends it; prices are never taken from the browser. */
export const productCheckoutLineSchema = z.strictObject({
  productId: idSchema,
  licenseType: licenseTypeSchema,
  isReskin: textBooleanSchema,
});
export type ProductCheckoutLine = z.infer<typeof productCheckoutLineSchema>;

/** A bundle in the cart: every one of its products' licences of the type, at the bundle's price (docs/decisions/0011). */
export const bundleCheckoutLineSchema = z.strictObject({
  bundleId: idSchema,
  licenseType: licenseTypeSchema,
});
export type BundleCheckoutLine = z.infer<typeof bundleCheckoutLineSchema>;

export const checkoutLineSchema = z.union([productCheckoutLineSchema, bundleCheckoutLineSchema]);
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

export const isBundleLine = (line: CheckoutLine): line is BundleCheckoutLine => 'bundleId' in line;

/** A cart's lines as the checkout and its pricing take them. */
export const cartLinesSchema = z
  .array(checkoutLineSchema)
  .min(1, 'The cart is empty')
  .max(MAX_CART_LINES, `At most ${MAX_CART_LINES} products per order`)
  .refine(
    (lines) => new Set(lines.map((line) => (isBundleLine(line) ? `bundle:${line.bundleId}` : line.productId))).size === lines.length,
    {
      message: 'A product appears twice in the cart',
    },
  );

/**
 * POST /api/payment/create-payment-intent. `amount` (cents) is optional; when sent it must equal the
 * server's total, discount included. `code`: one discount code, priced as POST /api/cart/price prices it.
 */
export const createPaymentIntentBodySchema = z
  .strictObject({
    products: cartLinesSchema.optional(),
    /** Funds the current milestone of an accepted custom work order instead of a cart (docs/decisions/0013). */
    customWorkId: idSchema.optional(),
    amount: z
      .number({ error: 'The amount is in whole cents' })
      .int('The amount is in whole cents')
      .min(0, 'The amount cannot be negative')
      .optional(),
    currency: z.literal('usd'),
    code: discountCodeInputSchema.optional(),
    /** Where the buyer's visit came from, kept by the browser since landing; the order carries it (docs/decisions/0020). */
    referrer: referrerSchema.optional(),
  })
  .superRefine((body, context) => {
    if (body.customWorkId === undefined && body.products === undefined) {
      context.addIssue({ code: 'custom', path: ['products'], message: 'The cart is empty' });
    }
    if (body.customWorkId !== undefined && body.products !== undefined) {
      context.addIssue({ code: 'custom', path: ['customWorkId'], message: 'Pay for custom work on its own, not with a cart' });
    }
    if (body.customWorkId !== undefined && body.code !== undefined) {
      context.addIssue({ code: 'custom', path: ['code'], message: 'Discount codes do not apply to custom work' });
    }
  });
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBodySchema>;

export const createPaymentIntentResponseSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  /** Integer cents computed by the server. */
  amount: z.number().int(),
});
export type CreatePaymentIntentResponse = z.infer<typeof createPaymentIntentResponseSchema>;

/** POST /api/cart/price: the cart priced as the checkout will price it. */
export const cartPriceBodySchema = z.strictObject({
  products: cartLinesSchema,
  code: discountCodeInputSchema.optional(),
});
export type CartPriceBody = z.infer<typeof cartPriceBodySchema>;

export const pricedLineSchema = z.object({
  productId: idSchema,
  /** Set on a bundle's lines: one per product, its discount the product's share of the bundle's saving. */
  bundleId: idSchema.optional(),
  licenseType: licenseTypeSchema,
  listPrice: z.number(),
  /** Taken off by a sale running on the product (docs/decisions/0009 "Sales"); part of `discount`. */
  saleDiscount: z.number(),
  /** All taken off: the sale's, then the code's on the sale price. */
  discount: z.number(),
  price: z.number(),
});
export type PricedCartLine = z.infer<typeof pricedLineSchema>;

export const cartPriceSchema = z
  .object({
    lines: z.array(pricedLineSchema),
    subtotal: z.number(),
    discount: z.number(),
    total: z.number(),
    /** The code as the buyer sent it, whether it applies, and why not. */
    code: z.object({ code: z.string(), applied: z.boolean(), message: z.string() }).nullable(),
  })
  .meta({ id: 'CartPrice' });
export type CartPrice = z.infer<typeof cartPriceSchema>;

/** POST /api/payment/simulated/confirm: the card fields of the checkout page (simulated provider only). */
const expiryPart = z.union([z.number(), z.string().max(10)]).transform(Number);

export const simulatedConfirmBodySchema = z.strictObject({
  clientSecret: z.string().min(1).max(200),
  number: z.string().max(40),
  // A month or year that is not a number reaches the card rules as NaN, which name the expiry field as they do for a past date.
  expMonth: expiryPart,
  expYear: expiryPart,
  cvc: z.string().max(10),
});
export type SimulatedConfirmBody = z.infer<typeof simulatedConfirmBodySchema>;

export const simulatedConfirmResponseSchema = z.object({ status: z.literal('succeeded'), id: z.string() });
export type SimulatedConfirmResponse = z.infer<typeof simulatedConfirmResponseSchema>;

/** 400 of the simulated confirm: which card field is wrong. */
export const cardFieldErrorBodySchema = z.object({
  message: z.string(),
  field: z.enum(['number', 'expiry', 'cvc']),
});
export type CardFieldErrorBody = z.infer<typeof cardFieldErrorBodySchema>;

/**
 * POST /api/purchase/purchaseDetail. Only `transactionId` (the payment intent id) counts; the other
 * docs/product-spec.md fields are accepted and ignored: the provider and the stored intent decide everything.
 */
export const purchaseDetailBodySchema = z.strictObject({
  transactionId: z.string().trim().min(1, 'The transaction id is required').max(200),
  products: z.unknown().optional(),
  userId: z.unknown().optional(),
  amountPaid: z.unknown().optional(),
  paymentStatus: z.unknown().optional(),
});
export type PurchaseDetailBody = z.infer<typeof purchaseDetailBodySchema>;

/** An approved release a buyer may download. */
export const purchasableVersionSchema = z.object({
  _id: idSchema,
  version: z.string(),
  engineVersion: z.string().nullable(),
  publishedAt: isoDateTimeSchema,
});
export type PurchasableVersion = z.infer<typeof purchasableVersionSchema>;

export const purchaseLineSchema = z
  .object({
    productId: idSchema,
    /** English title. */
    title: z.string(),
    slug: z.string(),
    thumbnail: z.string(),
    category: categorySchema,
    licenseType: licenseTypeSchema,
    isReskin: textBooleanSchema,
    /** USD: the licence price paid. */
    price: z.number(),
    reskinPrice: z.number().nullable(),
    /** Computed by the server clock when answering: open from the purchase, and again from each later release. */
    download: textBooleanSchema,
    /** The end of the window open now, or of the last one. */
    downloadExpiresAt: isoDateTimeSchema,
    /** The newest version published when it was bought (null if none was). */
    versionBought: z.string().nullable(),
    /** Every approved release, newest first; the first is what a download serves unless another is named. */
    versions: z.array(purchasableVersionSchema),
    /** The licence this line is: its code, and whether it still holds. */
    purchaseCode: z.string(),
    licenceStatus: licenceStatusSchema,
    /** Set on a line bought in a bundle (docs/decisions/0011): refunding it refunds the whole bundle. */
    bundle: z.object({ _id: idSchema, name: z.string() }).optional(),
    /** The refund of this licence, if it was refunded, and the buyer's request for one. */
    refund: lineRefundSchema.nullable(),
    refundRequest: lineRefundRequestSchema.nullable(),
    /** Present on a Single → Multi upgrade of the licence bought before (docs/decisions/0010): `licenseType` is what it became. */
    upgrade: z.literal(true).optional(),
  })
  .meta({ id: 'PurchaseLine' });
export type PurchaseLine = z.infer<typeof purchaseLineSchema>;

export const purchaseBuyerSchema = z.object({ _id: idSchema, name: z.string(), email: z.string() });

export const purchaseSchema = z
  .object({
    _id: idSchema,
    userId: idSchema,
    /** Admin lists only. */
    buyer: purchaseBuyerSchema.optional(),
    /** USD. */
    amountPaid: z.number(),
    transactionId: z.string(),
    paymentStatus: z.literal('succeeded'),
    createdAt: isoDateTimeSchema,
    products: z.array(purchaseLineSchema),
  })
  .meta({ id: 'Purchase' });
export type Purchase = z.infer<typeof purchaseSchema>;
export const purchaseListSchema = z.array(purchaseSchema);

export const purchaseRecordedSchema = z.object({ message: z.string(), purchase: purchaseSchema });
export type PurchaseRecorded = z.infer<typeof purchaseRecordedSchema>;

/** PUT /api/purchase/updateDownload. `userId` is accepted for clients written to docs/product-spec.md and ignored. */
export const updateDownloadBodySchema = z.strictObject({
  purchaseId: idSchema,
  productId: idSchema,
  userId: z.unknown().optional(),
});
export type UpdateDownloadBody = z.infer<typeof updateDownloadBodySchema>;

export const updateDownloadResponseSchema = z.object({ download: textBooleanSchema });
export type UpdateDownloadResponse = z.infer<typeof updateDownloadResponseSchema>;

/** GET /api/purchase/download/:purchaseId/:productId */
export const purchaseDownloadParamsSchema = z.strictObject({ purchaseId: idSchema, productId: idSchema });
