import { z } from 'zod';
import { idSchema, isoDateTimeSchema } from './common.js';

/**
 * What a difference between Stripe's balance transactions and the ledger is about (docs/decisions/0012,
 * "Reconciliation"): a `charge`, a `refund`, a `refund_claim` (a refund the ledger holds and Stripe has
 * not made), a `dispute`, a Connect payout's `transfer`, a `transfer_reversal`, a `reversal_claim`
 * (a reversal the ledger holds and Stripe has not made), a `payout_unsent` (a payout the ledger
 * counts as sent with no transfer recorded), or `other`: a movement the ledger does not record
 * (the platform's own payouts to its bank, top-ups, Stripe's fees).
 */
export const RECONCILIATION_DIFFERENCE_KINDS = [
  'charge',
  'refund',
  'refund_claim',
  'dispute',
  'transfer',
  'transfer_reversal',
  'reversal_claim',
  'payout_unsent',
  'other',
] as const;
export const reconciliationDifferenceKindSchema = z.enum(RECONCILIATION_DIFFERENCE_KINDS);
export type ReconciliationDifferenceKind = z.infer<typeof reconciliationDifferenceKindSchema>;

/** Each kind in words an admin reads. */
export const RECONCILIATION_DIFFERENCE_LABELS: Record<ReconciliationDifferenceKind, string> = {
  charge: 'Charge',
  refund: 'Refund',
  refund_claim: 'Refund not made at Stripe',
  dispute: 'Dispute',
  transfer: 'Payout transfer',
  transfer_reversal: 'Transfer reversal',
  reversal_claim: 'Reversal not made at Stripe',
  payout_unsent: 'Payout without a transfer',
  other: 'Other Stripe movement',
};

/** One difference, in cents into the platform's Stripe balance (negative: money left it). */
export const reconciliationDifferenceSchema = z
  .object({
    /** What Stripe (or, for a claim, the ledger) calls it: `pi_…`, `re_…`, `dp_…`, `tr_…`, `trr_…` … */
    providerId: z.string(),
    kind: reconciliationDifferenceKindSchema,
    providerCents: z.number().int(),
    ledgerCents: z.number().int(),
    /** What it means and what to do, in a sentence or two. */
    meaning: z.string(),
  })
  .meta({ id: 'ReconciliationDifference' });
export type ReconciliationDifference = z.infer<typeof reconciliationDifferenceSchema>;

/** One comparison of Stripe's balance transactions created in [periodStart, periodEnd) with the ledger. */
export const reconciliationRunSchema = z
  .object({
    _id: idSchema,
    startedAt: isoDateTimeSchema,
    finishedAt: isoDateTimeSchema,
    periodStart: isoDateTimeSchema,
    periodEnd: isoDateTimeSchema,
    /** Stripe's balance transactions created in the period. */
    providerTransactions: z.number().int().nonnegative(),
    /** The admin who ran it; null for the daily job. */
    requestedBy: z.object({ _id: idSchema, name: z.string() }).nullable(),
    differences: z.array(reconciliationDifferenceSchema),
  })
  .meta({ id: 'ReconciliationRun' });
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

/** GET /api/reconciliation and POST /api/reconciliation/run (Admin). */
export const reconciliationStatusSchema = z
  .object({
    /** False with simulated payments: there is no provider record to compare the ledger with. */
    enabled: z.boolean(),
    /** null before the first run. */
    lastRun: reconciliationRunSchema.nullable(),
  })
  .meta({ id: 'ReconciliationStatus' });
export type ReconciliationStatus = z.infer<typeof reconciliationStatusSchema>;

/** The 409 of POST /api/reconciliation/run with simulated payments. */
export const RECONCILIATION_NEEDS_STRIPE_MESSAGE =
  'Reconciliation needs Stripe: payments are simulated, so there is no provider record to compare the ledger with.';
/** The 409 of POST /api/reconciliation/run while another run is under way. */
export const RECONCILIATION_RUNNING_MESSAGE = 'A reconciliation is running now; try again in a minute.';
