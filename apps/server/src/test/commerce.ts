import type { CardDetails, CheckoutLine, CreatePaymentIntentResponse, Purchase } from '@market/contracts';
import { Stripe } from 'stripe';
import { FAKE_STRIPE_WEBHOOK_SECRET } from './fake-stripe.js';
import { injectAs, type TestContext, type TestUser } from './helper.js';

/** A card that passes every check: 4242…, an expiry years after the test clock, any CVC. */
export const GOOD_CARD: CardDetails = { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2031, cvc: '123' };

export const singleLine = (productId: string, isReskin: 'true' | 'false' = 'false'): CheckoutLine => ({
  productId,
  licenseType: 'Single App License',
  isReskin,
});
export const multiLine = (productId: string, isReskin: 'true' | 'false' = 'false'): CheckoutLine => ({
  productId,
  licenseType: 'Multi App License',
  isReskin,
});

export function requestIntent(ctx: TestContext, user: TestUser | null, products: CheckoutLine[], amount?: number) {
  return injectAs(ctx, user, {
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    payload: { products, currency: 'usd', ...(amount === undefined ? {} : { amount }) },
  });
}

export async function openIntent(ctx: TestContext, user: TestUser, products: CheckoutLine[]): Promise<CreatePaymentIntentResponse> {
  const response = await requestIntent(ctx, user, products);
  if (response.statusCode !== 200) throw new Error(`Intent refused: ${response.statusCode} ${response.body}`);
  return response.json() as CreatePaymentIntentResponse;
}

export function confirmCard(ctx: TestContext, user: TestUser | null, clientSecret: string, card: Partial<CardDetails> = {}) {
  return injectAs(ctx, user, { method: 'POST', url: '/api/payment/simulated/confirm', payload: { clientSecret, ...GOOD_CARD, ...card } });
}

export function postPurchaseDetail(ctx: TestContext, user: TestUser | null, transactionId: string, extra: Record<string, unknown> = {}) {
  return injectAs(ctx, user, { method: 'POST', url: '/api/purchase/purchaseDetail', payload: { transactionId, ...extra } });
}

/** The whole simulated checkout, as the checkout page runs it: intent, card, purchaseDetail. */
export async function buyWithCard(ctx: TestContext, buyer: TestUser, products: CheckoutLine[]): Promise<Purchase> {
  const intent = await openIntent(ctx, buyer, products);
  const confirmed = await confirmCard(ctx, buyer, intent.clientSecret);
  if (confirmed.statusCode !== 200) throw new Error(`Card refused: ${confirmed.body}`);
  const recorded = await postPurchaseDetail(ctx, buyer, intent.paymentIntentId);
  if (recorded.statusCode !== 201) throw new Error(`Purchase not recorded: ${recorded.body}`);
  return (recorded.json() as { purchase: Purchase }).purchase;
}

interface DeliveryOptions {
  signedAt?: Date;
  secret?: string;
  tamper?: boolean;
}

/** A Stripe webhook delivery of `payment_intent.succeeded`, signed as Stripe signs it (at `signedAt`). */
export function stripeWebhook(ctx: TestContext, intentId: string, options: DeliveryOptions = {}) {
  return deliverStripeEvent(ctx, 'payment_intent.succeeded', { id: intentId, object: 'payment_intent' }, intentId, options);
}

/** Stripe's `charge.refunded` for the charge of `intentId`, whose refunds so far total `amountRefunded` cents. */
export function stripeRefundWebhook(ctx: TestContext, intentId: string, amountRefunded: number, options: DeliveryOptions = {}) {
  const charge = { id: `ch_${intentId}`, object: 'charge', payment_intent: intentId, amount_refunded: amountRefunded, refunded: true };
  return deliverStripeEvent(ctx, 'charge.refunded', charge, intentId, options);
}

function deliverStripeEvent(ctx: TestContext, type: string, object: Record<string, unknown>, intentId: string, options: DeliveryOptions) {
  const payload = JSON.stringify({ id: `evt_${type}_${intentId}`, object: 'event', type, data: { object } });
  const signature = new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? FAKE_STRIPE_WEBHOOK_SECRET,
    timestamp: Math.floor((options.signedAt ?? ctx.clock.now()).getTime() / 1000),
  });
  const body = options.tamper ? payload.replace(intentId, `${intentId}x`) : payload;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  });
}
