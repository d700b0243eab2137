import { z } from 'zod';
import { idSchema, isoDateTimeSchema, plainText } from './common.js';
import { payoutAccountStateSchema, payoutModeSchema } from './connect.js';

/** Why a seller's payouts are held (docs/decisions/0012 "Holds"): an admin's choice, or a rule's. */
export const HOLD_REASON_CODES = ['identity_check', 'first_sale', 'refund_rate', 'chargeback', 'terms_review', 'other'] as const;
export const holdReasonCodeSchema = z.enum(HOLD_REASON_CODES, { error: 'Choose a reason' });
export type HoldReasonCode = z.infer<typeof holdReasonCodeSchema>;

/** Each reason in words a seller reads. */
export const HOLD_REASON_LABELS: Record<HoldReasonCode, string> = {
  identity_check: 'Identity check',
  first_sale: 'First sale review',
  refund_rate: 'High refund rate',
  chargeback: 'Chargeback',
  terms_review: 'Terms of service review',
  other: 'Other',
};

export const HOLD_NEEDED_MAX = 500;
export const HOLD_NOTE_MAX = 500;

/** A calendar day, YYYY-MM-DD, that exists. */
export const calendarDateSchema = z.iso.date({ error: 'Enter a date as YYYY-MM-DD' });

/**
 * POST /api/payout/holds (Admin). The review date must lie after today; only the server's clock can
 * tell, so the service checks that (400 on `reviewBy`).
 */
export const placeHoldBodySchema = z.strictObject({
  sellerId: idSchema,
  reasonCode: holdReasonCodeSchema,
  needed: plainText(1, HOLD_NEEDED_MAX, 'Say what the seller must do', `What the seller must do is at most ${HOLD_NEEDED_MAX} characters`),
  reviewBy: calendarDateSchema,
});
export type PlaceHoldBody = z.input<typeof placeHoldBodySchema>;

/** DELETE /api/payout/holds/{id} (Admin): the release, with an optional note kept with it. */
export const releaseHoldBodySchema = z
  .strictObject({
    note: plainText(0, HOLD_NOTE_MAX, 'Write a note', `A note is at most ${HOLD_NOTE_MAX} characters`).optional(),
  })
  .nullish();
export type ReleaseHoldBody = z.input<typeof releaseHoldBodySchema>;

/** GET /api/payout/holds?sellerId= (Admin). */
export const holdListQuerySchema = z.strictObject({ sellerId: idSchema });

const personSchema = z.object({ _id: idSchema, name: z.string() });

/** A hold as the admin sees it: open or released, who placed and released it, and when. */
export const payoutHoldSchema = z
  .object({
    _id: idSchema,
    sellerId: idSchema,
    reasonCode: holdReasonCodeSchema,
    reason: z.string(),
    needed: z.string(),
    reviewBy: calendarDateSchema,
    /** null: placed by a rule (e.g. the refund rate). */
    heldBy: personSchema.nullable(),
    createdAt: isoDateTimeSchema,
    releasedAt: isoDateTimeSchema.nullable(),
    releasedBy: personSchema.nullable(),
    releaseNote: z.string().nullable(),
  })
  .meta({ id: 'PayoutHold' });
export type PayoutHold = z.infer<typeof payoutHoldSchema>;
export const payoutHoldListSchema = z.array(payoutHoldSchema);

/** An open hold as its seller sees it. */
export const openHoldSchema = payoutHoldSchema.pick({
  _id: true,
  reasonCode: true,
  reason: true,
  needed: true,
  reviewBy: true,
  createdAt: true,
});
export type OpenHold = z.infer<typeof openHoldSchema>;

/** GET /api/payout/status: the signed-in seller's payouts. */
export const payoutStatusSchema = z
  .object({
    mode: payoutModeSchema,
    /** The seller account's kept ledger balance, in cents. */
    availableCents: z.number().int(),
    /** Connect mode: earnings still inside the refund window (the `maturing:` account's kept balance), in cents. */
    maturingCents: z.number().int(),
    /** When each part of `maturingCents` becomes available, soonest first. */
    maturing: z.array(z.object({ cents: z.number().int(), availableOn: z.iso.date() })),
    holds: z.array(openHoldSchema),
    /** The seller's Stripe Connect account; null in manual mode or before onboarding began. */
    account: z
      .object({ state: payoutAccountStateSchema, requirementsDue: z.array(z.string()), disabledReason: z.string().nullable() })
      .nullable(),
  })
  .meta({ id: 'PayoutStatus' });
export type PayoutStatus = z.infer<typeof payoutStatusSchema>;

/** What a withdrawal or payout is refused with while a hold is open. */
export const payoutsOnHoldMessage = (hold: { reasonCode: HoldReasonCode; reviewBy: string; needed: string }) =>
  `Your payouts are on hold (${HOLD_REASON_LABELS[hold.reasonCode]}) until ${hold.reviewBy}: ${hold.needed}`;
