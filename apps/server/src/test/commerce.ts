import type { CardDetails, CheckoutLine, CreatePaymentIntentResponse, PayoutHold, Purchase } from '@market/contracts';
import { Stripe } from 'stripe';
import { expect } from 'vitest';
import { FAKE_STRIPE_WEBHOOK_SECRET, type FakeStripe } from './fake-stripe.js';
import { injectAs, stepUpWithPassword, type TestContext, type TestUser } from './helper.js';

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

/**
 * A purchase paid with the card that succeeds at the fake Stripe (its charge in Stripe's balance
 * transactions too), then recorded as the checkout page records it.
 */
export async function buyThroughStripe(ctx: TestContext, stripe: FakeStripe, buyer: TestUser, products: CheckoutLine[]): Promise<Purchase> {
  const intent = await openIntent(ctx, buyer, products);
  await stripe.payWithCard(intent.paymentIntentId);
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

/**
 * An admin's look at the seller's first sale: the first-sale rule (docs/decisions/0012 "Holds") holds
 * the first payout until it is released, which the tests below do as soon as the sale is recorded.
 */
export async function reviewFirstSale(ctx: TestContext, admin: TestUser, seller: TestUser) {
  const holds = (await injectAs(ctx, admin, { method: 'GET', url: `/api/payout/holds?sellerId=${seller._id}` })).json() as PayoutHold[];
  const [first] = holds.filter((hold) => hold.reasonCode === 'first_sale' && hold.releasedAt === null);
  expect(first).toBeDefined();
  expect((await injectAs(ctx, admin, { method: 'DELETE', url: `/api/payout/holds/${first!._id}` })).statusCode).toBe(200);
}

/** The seller onboarded with Stripe: the account made, onboarding finished at Stripe, and the app told. Answers the account id. */
export async function onboardWithStripe(ctx: TestContext, stripe: FakeStripe, seller: TestUser): Promise<string> {
  await stepUpWithPassword(ctx, seller);
  expect((await injectAs(ctx, seller, { method: 'POST', url: '/api/payout/account' })).statusCode).toBe(200);
  const { stripe_account_id: accountId } = await ctx.db
    .selectFrom('payout_accounts')
    .select('stripe_account_id')
    .where('seller_id', '=', seller._id)
    .executeTakeFirstOrThrow();
  await stripe.fake.completeOnboarding(accountId);
  expect((await injectAs(ctx, seller, { method: 'GET', url: '/api/payout/account?refresh=true' })).json().state).toBe('enabled');
  return accountId;
}
