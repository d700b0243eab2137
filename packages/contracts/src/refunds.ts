import { z } from 'zod';
import { idSchema, isoDateTimeSchema, plainText } from './common.js';
import { licenseTypeSchema } from './enums.js';

/** A buyer may ask for a refund for this long after the purchase. */
export const REFUND_REQUEST_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a buyer may ask for a refund of a purchase made at `purchasedAt`. */
export function refundRequestDeadline(purchasedAt: Date): Date {
  return new Date(purchasedAt.getTime() + REFUND_REQUEST_DAYS * DAY_MS);
}

export const ALREADY_REFUNDED_MESSAGE = 'This licence has already been refunded.';
export const REFUND_IN_PROGRESS_MESSAGE = 'A refund of this licence is already under way; look again in a minute.';
export const REFUND_WINDOW_CLOSED_MESSAGE = `Refunds can be asked for within ${REFUND_REQUEST_DAYS} days of the purchase.`;
export const REFUND_ALREADY_REQUESTED_MESSAGE = 'You have already asked for a refund of this licence.';
export const REFUND_REQUEST_ANSWERED_MESSAGE = 'This refund request has already been answered.';
export const REFUND_REQUEST_NOT_FOUND_MESSAGE = 'Refund request not found';

/** Where a refund was made: by an admin here, or in the payment provider's dashboard (learnt by webhook). */
export const REFUND_ORIGINS = ['admin', 'provider'] as const;
export type RefundOrigin = (typeof REFUND_ORIGINS)[number];

export const REFUND_REQUEST_STATUSES = ['Pending', 'Refunded', 'Declined'] as const;
export const refundRequestStatusSchema = z.enum(REFUND_REQUEST_STATUSES);
export type RefundRequestStatus = z.infer<typeof refundRequestStatusSchema>;

const adminReasonSchema = plainText(5, 1000, 'Give a reason of at least 5 characters', 'A reason is at most 1,000 characters');

/** POST /api/purchase/refund (Admin): one line, or every line of the purchase when productId is left out. */
export const refundBodySchema = z.strictObject({ purchaseId: idSchema, productId: idSchema.optional(), reason: adminReasonSchema });
export type RefundBody = z.input<typeof refundBodySchema>;

export const refundedLineSchema = z.object({
  productId: idSchema,
  /** USD given back for this licence. */
  amount: z.number(),
  /** false when this licence had been refunded before: nothing was given back twice. */
  refundedNow: z.boolean(),
});
export const refundResultSchema = z.object({ message: z.string(), refunded: z.array(refundedLineSchema) });
export type RefundResult = z.infer<typeof refundResultSchema>;

/** POST /api/purchase/refundRequest: the buyer asks, within REFUND_REQUEST_DAYS of the purchase. */
export const refundRequestBodySchema = z.strictObject({
  purchaseId: idSchema,
  productId: idSchema,
  reason: plainText(20, 1000, 'Tell us what went wrong in at least 20 characters', 'A reason is at most 1,000 characters'),
});
export type RefundRequestBody = z.input<typeof refundRequestBodySchema>;

/** PUT /api/purchase/refundRequests/{id}/decline (Admin). */
export const declineRefundBodySchema = z.strictObject({ reason: adminReasonSchema });
export type DeclineRefundBody = z.input<typeof declineRefundBodySchema>;

export const refundRequestParamsSchema = z.strictObject({ id: idSchema });
export const refundRequestListQuerySchema = z.strictObject({ status: refundRequestStatusSchema.optional() });

/** What the buyer sees of their request on the purchases page. */
export const lineRefundRequestSchema = z.object({
  status: refundRequestStatusSchema,
  reason: z.string(),
  declineReason: z.string().nullable(),
  createdAt: isoDateTimeSchema,
});

/** A refund of a bought line, as its buyer and the admin see it. */
export const lineRefundSchema = z.object({ amount: z.number(), reason: z.string(), refundedAt: isoDateTimeSchema });

/** One row of GET /api/purchase/refundRequests (Admin), newest first. */
export const refundRequestSchema = z
  .object({
    _id: idSchema,
    purchaseId: idSchema,
    productId: idSchema,
    title: z.string(),
    licenseType: licenseTypeSchema,
    /** USD: what a refund gives back. */
    price: z.number(),
    purchasedAt: isoDateTimeSchema,
    buyer: z.object({ _id: idSchema, name: z.string(), email: z.string() }),
    reason: z.string(),
    status: refundRequestStatusSchema,
    declineReason: z.string().nullable(),
    createdAt: isoDateTimeSchema,
    answeredAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'RefundRequest' });
export type RefundRequest = z.infer<typeof refundRequestSchema>;
export const refundRequestListSchema = z.array(refundRequestSchema);
