import type { Server } from 'node:http';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  /** Cents refunded so far, once a refund was made. */
  amount_refunded?: number;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  /** The refund's balance transaction (GET /v1/balance_transactions/{id}). */
  balance_transaction: string;
  payment_intent: string;
  status: 'succeeded';
  metadata: Record<string, string>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  form: URLSearchParams;
}

export type CapabilityStatus = 'active' | 'inactive' | 'pending';

export interface FakeAccountRequirements {
  alternatives: unknown[];
  /** Seconds since the epoch by which `currently_due` must be given, or null. */
  current_deadline: number | null;
  currently_due: string[];
  /** Why transfers and payouts are stopped (`requirements.past_due`, `requirements.pending_verification`, `rejected.fraud`, `under_review` …), or null. */
  disabled_reason: string | null;
  errors: unknown[];
  eventually_due: string[];
  past_due: string[];
  pending_verification: string[];
}

/** A connected account as `GET /v1/accounts/{id}` answers it. */
export interface FakeAccount {
  id: string;
  object: 'account';
  type: 'express' | 'standard' | 'custom';
  country: string;
  email: string | null;
  default_currency: string;
  business_type: string | null;
  /** The requested capabilities: `inactive` until onboarding is finished. */
  capabilities: Partial<Record<'transfers' | 'card_payments' | 'legacy_payments', CapabilityStatus>> & Record<string, CapabilityStatus>;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: FakeAccountRequirements;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeTransferReversal {
  id: string;
  object: 'transfer_reversal';
  amount: number;
  balance_transaction: string;
  created: number;
  currency: string;
  destination_payment_refund: string;
  metadata: Record<string, string>;
  source_refund: null;
  transfer: string;
}

export interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  balance_transaction: string;
  created: number;
  currency: string;
  description: string | null;
  destination: string;
  destination_payment: string;
  livemode: false;
  metadata: Record<string, string>;
  /** The ten newest reversals; `GET /v1/transfers/{id}/reversals` pages through all of them. */
  reversals: { object: 'list'; data: FakeTransferReversal[]; has_more: boolean; total_count: number; url: string };
  reversed: boolean;
  source_transaction: string | null;
  source_type: 'card';
  transfer_group: string | null;
}

export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  /** `ch_<payment intent id>`, the charge id the fake gives every intent. */
  charge: string;
  created: number;
  currency: string;
  is_charge_refundable: false;
  livemode: false;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string;
  status: 'needs_response' | 'won' | 'lost';
  /** Its withdrawal from the platform's balance, then its reinstatement if won. */
  balance_transactions: FakeBalanceTransaction[];
}

/** One movement of the platform's balance (GET /v1/balance_transactions); the fake takes no fee. */
export interface FakeBalanceTransaction {
  id: string;
  object: 'balance_transaction';
  /** Cents; negative when money left the platform's balance. */
  amount: number;
  available_on: number;
  created: number;
  currency: string;
  description: string | null;
  exchange_rate: null;
  fee: 0;
  fee_details: [];
  net: number;
  reporting_category: 'charge' | 'refund' | 'transfer' | 'transfer_reversal' | 'dispute' | 'dispute_reversal' | 'topup';
  /** The charge (`ch_…`), refund, transfer, transfer reversal, dispute or top-up that moved the money. */
  source: string;
  status: 'available';
  type: 'charge' | 'refund' | 'transfer' | 'transfer_refund' | 'adjustment' | 'topup';
}

export interface FakeBalance {
  object: 'balance';
  available: { amount: number; currency: string; source_types: { card: number } }[];
  pending: { amount: number; currency: string; source_types: { card: number } }[];
  livemode: false;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Record<string, unknown>; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
  /** The connected account the event is about (Connect events only). */
  account?: string;
}

/** One webhook post: the endpoint's status (0 when it could not be reached) and body. */
export interface FakeDelivery {
  eventId: string;
  type: string;
  url: string;
  status: number;
  body: string;
  error?: string;
}

export interface WebhookEndpoints {
  /** The platform's endpoint, and for connected accounts' events too unless `connectUrl` is set. */
  url: string | null;
  /** Its signing secret (whsec_…), the server's STRIPE_WEBHOOK_SECRET. */
  secret: string | null;
  connectUrl: string | null;
  /** The Connect endpoint's secret; null: `secret`. */
  connectSecret: string | null;
}

export interface SignOptions {
  /** Another secret than the endpoint's (a wrong one, for a test of the refusal). */
  secret?: string;
  /** Seconds since the epoch; default: the fake's clock. */
  timestamp?: number;
}

export interface RequirementsChange extends Partial<FakeAccountRequirements> {
  /** Default: false while `disabled_reason` is set, else whether details were submitted. */
  payouts_enabled?: boolean;
  /** Default: as `payouts_enabled`. */
  charges_enabled?: boolean;
  /** The transfers capability; default: `inactive` while disabled, `active` once details were submitted. */
  transfers?: CapabilityStatus;
}

/**
 * What happens at Stripe without the platform asking. Each sends its webhooks (when an endpoint is
 * configured) and resolves once they were answered. Also at `POST /__fake/<name>` with the secret key
 * and a JSON array of the arguments, for the browser journeys.
 */
export interface FakeStripeControls {
  /** Sets what Stripe asks of an account and records `account.updated` with the previous attributes. */
  setRequirements(accountId: string, change: RequirementsChange): Promise<FakeAccount>;
  /** What following a fresh account link does: details submitted, nothing due, charges, payouts and capabilities enabled. */
  completeOnboarding(accountId: string): Promise<FakeAccount>;
  /** A reversal made in Stripe's dashboard (all that remains when `cents` is left out): `transfer.reversed`. */
  reverseInDashboard(transferId: string, cents?: number): Promise<FakeTransferReversal>;
  /** `charge.dispute.created` and `charge.dispute.funds_withdrawn`; the amount (default: all not refunded) leaves the balance. */
  openDispute(intentId: string, options?: { amount?: number; reason?: string }): Promise<FakeDispute>;
  /** `charge.dispute.closed` (and `charge.dispute.funds_reinstated` when won, which gives the amount back). */
  closeDispute(disputeId: string, outcome: 'won' | 'lost'): Promise<FakeDispute>;
  /** Funds the platform's available balance, as Stripe's 4000000000000077 test card does. */
  addAvailableBalance(cents: number, currency?: string): FakeBalance;
  /** Records any event (`account` for a connected account's) and sends it. */
  sendEvent(
    type: string,
    object: Record<string, unknown>,
    options?: { account?: string; previousAttributes?: Record<string, unknown> },
  ): Promise<{ event: FakeEvent; delivery: FakeDelivery | null }>;
  /** Sends a recorded event again (a retry or a replay), to its endpoint or `url`. */
  redeliver(eventId: string, options?: SignOptions & { url?: string }): Promise<FakeDelivery>;
  /** Resolves once every webhook under way (those API calls caused) has been answered. */
  settled(): Promise<void>;
}

export interface FakeStripeOptions {
  secretKey: string | undefined;
  publishableKey: string | undefined;
  /** The signing secret of the webhook endpoint (STRIPE_WEBHOOK_SECRET). */
  webhookSecret?: string | null;
  /** Where events are posted; null: recorded only (GET /v1/events). */
  webhookUrl?: string | null;
  connectWebhookSecret?: string | null;
  connectWebhookUrl?: string | null;
  /** The clock that dates what the fake creates and signs; default: the system's. */
  now?: () => Date;
}

export interface FakeStripe extends FakeStripeControls {
  server: Server;
  intents: Map<string, FakeIntent>;
  requests: RecordedRequest[];
  refunds: FakeRefund[];
  accounts: Map<string, FakeAccount>;
  transfers: Map<string, FakeTransfer>;
  disputes: Map<string, FakeDispute>;
  /** The platform's balance transactions, oldest first. */
  balanceTransactions: FakeBalanceTransaction[];
  /** Every event, oldest first. */
  events: FakeEvent[];
  /** Every webhook post, in the order answered. */
  deliveries: FakeDelivery[];
  /** Where webhooks go, read at each delivery: a test may set it once its app listens. */
  webhook: WebhookEndpoints;
  /** The body and `Stripe-Signature` header Stripe would post for `event`, for a test that delivers it itself. */
  signedEvent(event: FakeEvent, options?: SignOptions): { payload: string; signature: string };
  /** Dates what the fake creates and signs by another clock (a test's injected one). */
  useClock(now: () => Date): void;
}

export declare const SUCCEEDING_CARD: string;

export declare function createFakeStripe(options: FakeStripeOptions): FakeStripe;
