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
  /** Verifies the signature (300 s tolerance, measured at `receivedAt`) and reads the event; throws WebhookSignatureError. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined, receivedAt: Date): PaymentEvent;
}

/** Stripe's default: a webhook signed more than five minutes before it arrives is a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
