import { Stripe } from 'stripe';
import {
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
  type CreatedIntent,
  type IntentMetadata,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderDispute,
  type ProviderMovement,
  type ProviderRefund,
  type RecordedProviderRefund,
  type RetrievedIntent,
} from './payment-provider.js';

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | null;
  /** The Connect endpoint's signing secret, tried when the platform's does not match; null: none apart. */
  connectWebhookSecret: string | null;
  /** Another address speaking the Stripe API (tests run a local one); null: api.stripe.com. */
  apiUrl: string | null;
}

/**
 * Stripe's errors carry Stripe's status codes (a 401 for a revoked key); passed on as they are they
 * would read as the buyer's own failure. They are our server's failure: a 5xx with the cause logged.
 */
export function asProviderFailure(error: unknown): never {
  throw new Error(`Stripe request failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

/** The ledger's key of what moved the balance (ProviderMovement). */
function movementKey(transaction: Stripe.BalanceTransaction): string {
  const source = transaction.source;
  const sourceId = typeof source === 'string' ? source : (source?.id ?? transaction.id);
  if (source && typeof source === 'object' && source.object === 'charge') {
    const intent = source.payment_intent;
    const intentId = typeof intent === 'string' ? intent : intent?.id;
    if (intentId) return `charge:${intentId}`;
  }
  if (transaction.type === 'refund') return `refund:${sourceId}`;
  return `${transaction.type}:${sourceId}`;
}

/** The transfer a reversal's balance transaction takes money back from, when its source was expanded. */
function reversedTransferOf(transaction: Stripe.BalanceTransaction): string | undefined {
  const source = transaction.source;
  if (!source || typeof source !== 'object' || source.object !== 'transfer_reversal') return undefined;
  return typeof source.transfer === 'string' ? source.transfer : source.transfer.id;
}

/** Stripe's official SDK with our key, pointed at `apiUrl` when set (tests run a local server speaking the Stripe API). */
export function stripeClient({ secretKey, apiUrl }: Pick<StripeOptions, 'secretKey' | 'apiUrl'>): Stripe {
  const address = apiUrl ? new URL(apiUrl) : null;
  return new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(address
      ? {
          host: address.hostname,
          port: address.port || (address.protocol === 'http:' ? 80 : 443),
          protocol: address.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });
}

/** Card payments through Stripe's official SDK; the browser confirms the card with Stripe.js. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeOptions) {
    this.publishableKey = options.publishableKey;
    this.stripe = stripeClient(options);
  }

  async createIntent(amountCents: number, currency: string, metadata: IntentMetadata): Promise<CreatedIntent> {
    const intent = await this.stripe.paymentIntents
      .create({
        amount: amountCents,
        currency,
        metadata,
        // The checkout confirms a card in the page; no payment method may send the buyer away.
        automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      })
      .catch(asProviderFailure);
    if (!intent.client_secret) throw new Error(`Stripe returned payment intent ${intent.id} without a client secret`);
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async retrieve(intentId: string): Promise<RetrievedIntent | null> {
    try {
      // The charge carries what was refunded of it; an intent alone does not.
      const intent = await this.stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
      const charge = typeof intent.latest_charge === 'object' ? intent.latest_charge : null;
      return {
        id: intent.id,
        status: intent.status,
        amount: intent.amount,
        currency: intent.currency,
        metadata: { ...intent.metadata },
        amountRefunded: charge?.amount_refunded ?? 0,
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      return asProviderFailure(error);
    }
  }

  async cancel(intentId: string): Promise<string | null> {
    try {
      return (await this.stripe.paymentIntents.cancel(intentId)).status;
    } catch (error) {
      // Stripe refuses to cancel an intent that is already paid (or canceled): its status says which.
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 400)
        return (await this.retrieve(intentId))?.status ?? null;
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      return asProviderFailure(error);
    }
  }

  async refund(intentId: string, amountCents: number, idempotencyKey: string, metadata: IntentMetadata): Promise<ProviderRefund> {
    const refund = await this.stripe.refunds
      .create({ payment_intent: intentId, amount: amountCents, reason: 'requested_by_customer', metadata }, { idempotencyKey })
      .catch(asProviderFailure);
    return { id: refund.id };
  }

  async refundsOf(intentId: string): Promise<RecordedProviderRefund[]> {
    // A purchase has a handful of lines, each refunded once: one page holds them all.
    const page = await this.stripe.refunds.list({ payment_intent: intentId, limit: 100 }).catch(asProviderFailure);
    return page.data
      .filter((refund) => refund.status !== 'failed' && refund.status !== 'canceled')
      .map((refund) => ({ id: refund.id, amountCents: refund.amount, metadata: { ...refund.metadata } }));
  }

  async balanceMovements(since: Date, until: Date): Promise<ProviderMovement[]> {
    const movements: ProviderMovement[] = [];
    const listed = this.stripe.balanceTransactions.list({
      created: { gte: Math.floor(since.getTime() / 1000), lt: Math.floor(until.getTime() / 1000) },
      limit: 100,
      // A charge's id is not its payment intent's, which our orders keep: the charge says which it is
      // (and a transfer reversal which transfer it takes back from).
      expand: ['data.source'],
    });
    try {
      for await (const transaction of listed) {
        const transferId = reversedTransferOf(transaction);
        movements.push({
          key: movementKey(transaction),
          amountCents: transaction.amount,
          currency: transaction.currency,
          at: new Date(transaction.created * 1000),
          ...(transferId ? { transferId } : {}),
        });
      }
    } catch (error) {
      asProviderFailure(error);
    }
    return movements;
  }

  async retrieveDispute(disputeId: string): Promise<ProviderDispute | null> {
    try {
      const dispute = await this.stripe.disputes.retrieve(disputeId);
      const intent = dispute.payment_intent;
      return {
        id: dispute.id,
        amount: dispute.amount,
        currency: dispute.currency,
        status: dispute.status,
        reason: dispute.reason,
        paymentIntentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
        // Its withdrawal and any reinstatement, as Stripe lists them on the dispute.
        balanceCents: (dispute.balance_transactions ?? []).reduce((sum, transaction) => sum + transaction.amount, 0),
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      return asProviderFailure(error);
    }
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined, receivedAt: Date): PaymentEvent {
    if (!this.options.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
    if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing');
    const verified = (secret: string) =>
      this.stripe.webhooks.constructEvent(rawBody, signatureHeader, secret, WEBHOOK_TOLERANCE_SECONDS, undefined, receivedAt.getTime());
    let event: Stripe.Event;
    try {
      event = verified(this.options.webhookSecret);
    } catch (error) {
      const connectSecret = this.options.connectWebhookSecret;
      const connected = connectSecret ? this.connectEvent(() => verified(connectSecret)) : null;
      if (connected) return connected;
      // The platform endpoint's reason is the one to give (a stale or tampered signature).
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
    }
    if (event.type === 'payment_intent.succeeded') return { type: event.type, intentId: event.data.object.id };
    // A connected account changed (docs/decisions/0012); its id only: the account is asked for as it is now.
    if (event.type === 'account.updated') return { type: event.type, accountId: event.data.object.id };
    // A chargeback (docs/decisions/0012): its id only; the dispute is asked for before anything is written.
    if (event.type === 'charge.dispute.created' || event.type === 'charge.dispute.closed') {
      return { type: event.type, disputeId: event.data.object.id };
    }
    // A payout's transfer reversed (docs/decisions/0012): its id only; its reversals are asked for before anything is written.
    if (event.type === 'transfer.reversed') return { type: event.type, transferId: event.data.object.id };
    if (event.type === 'charge.refunded') {
      const charge = event.data.object;
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (intentId) return { type: event.type, intentId, amountRefunded: charge.amount_refunded };
    }
    return { type: 'ignored', eventType: event.type };
  }

  /**
   * An event the Connect endpoint's secret verifies: about a connected account, never a payment of
   * ours, so only account.updated is read; null when that secret does not verify it either.
   */
  private connectEvent(verify: () => Stripe.Event): PaymentEvent | null {
    let event: Stripe.Event;
    try {
      event = verify();
    } catch {
      return null;
    }
    if (event.type === 'account.updated') return { type: event.type, accountId: event.data.object.id };
    return { type: 'ignored', eventType: event.type };
  }
}
