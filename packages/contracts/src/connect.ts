import { z } from 'zod';

/** How sellers are paid (docs/decisions/0012): PayPal withdrawals paid by an admin, or Stripe Connect transfers. */
export const payoutModeSchema = z.enum(['manual', 'connect']);
export type PayoutMode = z.infer<typeof payoutModeSchema>;

/** The 409 of POST /api/payout/account while PAYOUT_MODE is manual. */
export const PAYOUTS_NOT_ENABLED_MESSAGE = 'Payouts through Stripe are not enabled';
/** The 409 of POST /api/payout/transfer before Stripe lets the platform send the seller money. */
export const PAYOUT_ACCOUNT_NOT_READY_MESSAGE = 'Finish setting up payouts with Stripe first';
/** The 409 of POST /api/payout/transfer when less than a dollar is available (or a payout is already on its way). */
export const NOTHING_TO_PAY_OUT_MESSAGE = 'Nothing is available to pay out yet';

/**
 * Where a seller's Stripe account stands: `none` (not started), `details_needed` (Stripe still asks
 * for something: `requirementsDue`), `pending_verification` (everything given, Stripe is checking it)
 * or `enabled` (it can receive transfers and pay out).
 */
export const payoutAccountStateSchema = z.enum(['none', 'details_needed', 'pending_verification', 'enabled']);
export type PayoutAccountState = z.infer<typeof payoutAccountStateSchema>;

/** GET /api/payout/account. */
export const payoutAccountSchema = z
  .object({
    mode: payoutModeSchema,
    state: payoutAccountStateSchema,
    /** Stripe's names of what it still asks for (`external_account`, `individual.first_name` …). */
    requirementsDue: z.array(z.string()),
    /** Stripe's reason transfers and payouts are stopped (`requirements.past_due` …), or null. */
    disabledReason: z.string().nullable(),
  })
  .meta({ id: 'PayoutAccount' });
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** GET /api/payout/account?refresh=true: ask Stripe first (the seller is back from onboarding; the webhook may be late). */
export const payoutAccountQuerySchema = z.strictObject({ refresh: z.enum(['true', 'false']).optional() });

/** POST /api/payout/account: Stripe's onboarding page, to send the browser to. */
export const payoutOnboardingSchema = z.object({ url: z.url() }).meta({ id: 'PayoutOnboarding' });
export type PayoutOnboarding = z.infer<typeof payoutOnboardingSchema>;

/** The seller's page Stripe sends the browser back to: `?connect=return` when done, `?connect=refresh` when the link expired. */
export const PAYOUT_ONBOARDING_PAGE = '/userPanel/earnings-detail';

/** A payout through Stripe Connect (POST /api/payout/transfer, GET /api/payout/transfers); dollars. */
export const connectPayoutSchema = z
  .object({
    _id: z.string(),
    /** What left the seller's balance. */
    amount: z.number(),
    /** docs/product-spec.md's withdrawal fee, the platform's. */
    fee: z.number(),
    /** What Stripe sent to the seller's account. */
    net: z.number(),
    status: z.enum(['claimed', 'transferred', 'failed']),
    transferId: z.string().nullable(),
    /** Stripe's words when it refused the transfer (the amount is the seller's again). */
    failure: z.string().nullable(),
    claimedAt: z.iso.datetime(),
  })
  .meta({ id: 'ConnectPayout' });
export type ConnectPayout = z.infer<typeof connectPayoutSchema>;
