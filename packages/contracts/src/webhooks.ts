import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.js';

/** A seller may register this many endpoints (docs/decisions/0015). */
export const MAX_WEBHOOK_ENDPOINTS = 10;
export const MAX_WEBHOOK_URL_LENGTH = 2000;

/** Events a seller may subscribe to; `webhook.test` is sent only by the endpoint's test button. */
export const WEBHOOK_EVENT_TYPES = [
  'order.paid',
  'order.refunded',
  'licence.revoked',
  'release.published',
  'review.created',
  'payout.paid',
  'webhook.test',
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

/** What the seller's page says of each event. */
export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  'order.paid': 'An order with your products was paid',
  'order.refunded': 'A line of your products was refunded',
  'licence.revoked': 'A licence of your product was revoked',
  'release.published': 'A release of your product was published',
  'review.created': 'A buyer reviewed your product',
  'payout.paid': 'A payout was paid',
  'webhook.test': 'The test button',
};

/**
 * An endpoint's address: absolute http(s), no user or password in it (they would end up in logs and
 * in every seller's screen). Whether plain http and private hosts are allowed is the server's
 * configuration; the address is checked again at every delivery.
 */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(MAX_WEBHOOK_URL_LENGTH, `An address has at most ${MAX_WEBHOOK_URL_LENGTH} characters`)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'Enter an address starting with https://')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.username === '' && url.password === '';
    } catch {
      return true;
    }
  }, 'An address may not carry a user name or password');

const eventsSchema = z
  .array(webhookEventTypeSchema)
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((events) => [...new Set(events)]);

/** POST /api/webhooks/endpoints */
export const webhookEndpointBodySchema = z.strictObject({ url: webhookUrlSchema, events: eventsSchema });
export type WebhookEndpointBody = z.infer<typeof webhookEndpointBodySchema>;

/** PUT /api/webhooks/endpoints/{id}: any of the fields; `rotateSecret` answers the new secret once. */
export const webhookEndpointUpdateSchema = z.strictObject({
  url: webhookUrlSchema.optional(),
  events: eventsSchema.optional(),
  enabled: z.boolean().optional(),
  rotateSecret: z.literal(true).optional(),
});
export type WebhookEndpointUpdate = z.infer<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z
  .object({
    _id: idSchema,
    url: z.string(),
    events: z.array(webhookEventTypeSchema),
    enabled: z.boolean(),
    /** Why the endpoint stopped, e.g. after every retry of a delivery failed. */
    disabledReason: z.string().nullable(),
    disabledAt: isoDateTimeSchema.nullable(),
    /** Until when the secret before the last rotation still signs deliveries too. */
    previousSecretExpiresAt: isoDateTimeSchema.nullable(),
    createdAt: isoDateTimeSchema,
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The endpoint with its signing secret (`whsec_…`): answered only at creation and rotation. */
export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({ secret: z.string() })
  .meta({ id: 'WebhookEndpointWithSecret' });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

export const webhookDeliveryStatusSchema = z.enum(['pending', 'delivered', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof webhookDeliveryStatusSchema>;

export const webhookDeliverySchema = z
  .object({
    _id: idSchema,
    /** The `webhook-id` header: the same on every attempt and on a replay, so a receiver can drop a repeat. */
    webhookId: idSchema,
    endpointId: idSchema,
    type: webhookEventTypeSchema,
    status: webhookDeliveryStatusSchema,
    attempts: z.number().int(),
    nextAttemptAt: isoDateTimeSchema.nullable(),
    lastStatusCode: z.number().int().nullable(),
    lastLatencyMs: z.number().int().nullable(),
    /** The first 500 characters of the last answer, or why no answer came. */
    lastResponseExcerpt: z.string().nullable(),
    createdAt: isoDateTimeSchema,
    deliveredAt: isoDateTimeSchema.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

const moneySchema = z.object({ cents: z.number().int(), currency: z.string() });

/** `order.paid`: one per seller in the order, with that seller's lines only. */
export const orderPaidDataSchema = z
  .object({
    orderId: idSchema,
    paidAt: isoDateTimeSchema,
    lines: z.array(
      z.object({
        lineId: idSchema,
        productId: idSchema,
        licenseType: z.string(),
        paid: moneySchema,
        /** The licence's purchase code; a receiver checks it through the licence verify call. */
        licenceCode: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'WebhookOrderPaid' });
export type OrderPaidData = z.infer<typeof orderPaidDataSchema>;

/** `order.refunded`: the seller's lines of one refund. */
export const orderRefundedDataSchema = z
  .object({
    orderId: idSchema,
    refundedAt: isoDateTimeSchema,
    lines: z.array(z.object({ lineId: idSchema, productId: idSchema, refunded: moneySchema })),
  })
  .meta({ id: 'WebhookOrderRefunded' });
export type OrderRefundedData = z.infer<typeof orderRefundedDataSchema>;

/** `licence.revoked`: an admin revoked a licence of the seller's product (a refund's revocation is `order.refunded`). */
export const licenceRevokedDataSchema = z
  .object({
    licenceCode: z.string(),
    orderId: idSchema,
    lineId: idSchema,
    productId: idSchema,
    reason: z.string(),
    revokedAt: isoDateTimeSchema,
  })
  .meta({ id: 'WebhookLicenceRevoked' });
export type LicenceRevokedData = z.infer<typeof licenceRevokedDataSchema>;

/** `release.published`: a version of the seller's product is served to buyers from now on. */
export const releasePublishedDataSchema = z
  .object({ releaseId: idSchema, productId: idSchema, version: z.string(), publishedAt: isoDateTimeSchema })
  .meta({ id: 'WebhookReleasePublished' });
export type ReleasePublishedData = z.infer<typeof releasePublishedDataSchema>;

/** `review.created`: a verified buyer's review of the seller's product. */
export const reviewCreatedDataSchema = z
  .object({ reviewId: idSchema, productId: idSchema, rating: z.number().int(), createdAt: isoDateTimeSchema })
  .meta({ id: 'WebhookReviewCreated' });
export type ReviewCreatedData = z.infer<typeof reviewCreatedDataSchema>;

/**
 * `payout.paid`: money left the seller's balance for them, by Stripe Connect (`stripe_connect`, sent
 * to their account) or by a withdrawal an admin paid by hand (`withdrawal`); `paid` is what reached
 * them, `amount` minus `fee`.
 */
export const payoutPaidDataSchema = z
  .object({
    payoutId: idSchema,
    method: z.enum(['stripe_connect', 'withdrawal']),
    amount: moneySchema,
    fee: moneySchema,
    paid: moneySchema,
    paidAt: isoDateTimeSchema,
  })
  .meta({ id: 'WebhookPayoutPaid' });
export type PayoutPaidData = z.infer<typeof payoutPaidDataSchema>;

/** `webhook.test`: sent by the endpoint's test button. */
export const webhookTestDataSchema = z.object({ endpointId: idSchema, message: z.string() }).meta({ id: 'WebhookTest' });
export type WebhookTestData = z.infer<typeof webhookTestDataSchema>;

/** The body of every delivery (Standard Webhooks): the event's type, when it happened, and its data. */
export const webhookPayloadSchema = z
  .object({ type: webhookEventTypeSchema, timestamp: isoDateTimeSchema, data: z.record(z.string(), z.unknown()) })
  .meta({ id: 'WebhookPayload' });
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
