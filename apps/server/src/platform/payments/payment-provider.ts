import type { PaymentProviderName } from '@market/contracts';

/** Strings only, as Stripe keeps metadata. */
export type IntentMetadata = Record<string, string>;

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

/** What the provider says about an intent: the only source of truth for "was it paid". */
export interface RetrievedIntent {
  id: string;
  /** Stripe's statuses: succeeded, processing, requires_payment_method, canceled … */
  status: string;
  /** Integer cents. */
  amount: number;
  currency: string;
  metadata: IntentMetadata;
  /** Cents given back so far, by us or in the provider's dashboard. */
  amountRefunded: number;
}

/** A verified webhook event, reduced to what the marketplace acts on. */
export type PaymentEvent =
  | { type: 'payment_intent.succeeded'; intentId: string }
  /** The charge's total refunded so far (ours and the dashboard's), in cents. */
  | { type: 'charge.refunded'; intentId: string; amountRefunded: number }
  /** A connected account (Stripe Connect, docs/decisions/0012) changed; events come in any order, so only its id. */
  | { type: 'account.updated'; accountId: string }
  /** A chargeback opened or closed (docs/decisions/0012, "Disputes"); its id only: the dispute is asked for as it is now. */
  | { type: 'charge.dispute.created' | 'charge.dispute.closed'; disputeId: string }
  /** A transfer to a connected account was reversed, by us or in Stripe's dashboard (docs/decisions/0012); its id only. */
  | { type: 'transfer.reversed'; transferId: string }
  | { type: 'ignored'; eventType: string };

/** A refund the provider made. */
export interface ProviderRefund {
  id: string;
}

/** A refund as the provider keeps it: what it gave back, and the metadata our request carried. */
export interface RecordedProviderRefund extends ProviderRefund {
  amountCents: number;
  metadata: IntentMetadata;
}

/**
 * One movement of the platform's balance at the provider (a Stripe balance transaction), keyed as the
 * ledger's own records are: `charge:<payment intent id>`, `refund:<provider refund id>`, else
 * `<type>:<source id>` for what the ledger does not record yet.
 */
export interface ProviderMovement {
  key: string;
  /** Cents into the platform's balance (negative when money left it). */
  amountCents: number;
  currency: string;
  at: Date;
  /** A transfer reversal's (`transfer_refund:<reversal id>`): the transfer it takes money back from. */
  transferId?: string;
}

/** A chargeback as the provider keeps it: the only source of its amount, outcome and payment. */
export interface ProviderDispute {
  id: string;
  /** Integer cents disputed. */
  amount: number;
  currency: string;
  /** Stripe's statuses: needs_response, under_review, won, lost, warning_* … */
  status: string;
  reason: string;
  /** The payment intent whose charge is disputed; null when the provider names none. */
  paymentIntentId: string | null;
  /** What the dispute has moved into the platform's balance so far: minus the amount once withdrawn, back to zero once reinstated. */
  balanceCents: number;
}

/** A webhook whose signature is missing, wrong or too old. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/** The card payment service behind the checkout: Stripe, or the embedded simulation. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** What the browser needs to load the provider's card fields; null for the simulation. */
  readonly publishableKey: string | null;
  createIntent(amountCents: number, currency: string, metadata: IntentMetadata): Promise<CreatedIntent>;
  /** null when the provider knows no such intent. */
  retrieve(intentId: string): Promise<RetrievedIntent | null>;
  /**
   * Makes an unpaid intent unpayable and answers the status it ends in: 'canceled', or 'succeeded'
   * when the buyer paid first (nothing is undone then); null when the provider knows no such intent.
   */
  cancel(intentId: string): Promise<string | null>;
  /**
   * Gives `amountCents` of a succeeded intent back to the card. The same `idempotencyKey` never
   * refunds twice, so a retried attempt after a crash is safe.
   */
  refund(intentId: string, amountCents: number, idempotencyKey: string, metadata: IntentMetadata): Promise<ProviderRefund>;
  /**
   * Every refund made of the intent, ours (with their metadata) and the dashboard's; null when the
   * provider keeps no refunds apart from the intent's refunded total (the simulation).
   */
  refundsOf(intentId: string): Promise<RecordedProviderRefund[] | null>;
  /**
   * The movements of the platform's balance created in [since, until), for reconciliation; null when
   * the provider keeps none apart from our own records (the simulation).
   */
  balanceMovements(since: Date, until: Date): Promise<ProviderMovement[] | null>;
  /** The dispute as the provider has it now; null when it knows no such dispute or keeps none (the simulation). */
  retrieveDispute(disputeId: string): Promise<ProviderDispute | null>;
  /** Verifies the signature (300 s tolerance, measured at `receivedAt`) and reads the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined, receivedAt: Date): PaymentEvent;
}

/** Stripe's default: a webhook signed more than five minutes before it arrives is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
