import { Stripe } from 'stripe';
import {
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
  type CreatedIntent,
  type IntentMetadata,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderRefund,
  type RecordedProviderRefund,
  type RetrievedIntent,
} from './payment-provider.js';

export interface StripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | null;
  /** Another address speaking the Stripe API (tests run a local one); null: api.stripe.com. */
  apiUrl: string | null;
}

/**
 * Stripe's errors carry Stripe's status codes (a 401 for a revoked key); passed on as they are they
 * would read as the buyer's own failure. They are our server's failure: a 5xx with the cause logged.
 */
function asProviderFailure(error: unknown): never {
  throw new Error(`Stripe request failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
}

/** Card payments through Stripe's official SDK; the browser confirms the card with Stripe.js. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeOptions) {
    this.publishableKey = options.publishableKey;
    const address = options.apiUrl ? new URL(options.apiUrl) : null;
    this.stripe = new Stripe(options.secretKey, {
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

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined, receivedAt: Date): PaymentEvent {
    if (!this.options.webhookSecret) throw new WebhookSignatureError('STRIPE_WEBHOOK_SECRET is not set');
    if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        this.options.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
        undefined,
        receivedAt.getTime(),
      );
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
    }
    if (event.type === 'payment_intent.succeeded') return { type: event.type, intentId: event.data.object.id };
    if (event.type === 'charge.refunded') {
      const charge = event.data.object;
      const intentId = typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      if (intentId) return { type: event.type, intentId, amountRefunded: charge.amount_refunded };
    }
    return { type: 'ignored', eventType: event.type };
  }
}
