import type { Purchase } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { confirmCard, openIntent, postPurchaseDetail, requestIntent, singleLine, multiLine, stripeWebhook } from '../../test/commerce.js';
import { buildCatalogueApp, createApprovedProduct } from '../../test/factories.js';
import { FAKE_STRIPE_PUBLISHABLE_KEY, FAKE_STRIPE_SECRET_KEY, startFakeStripe } from '../../test/fake-stripe.js';
import { createUser, injectAs } from '../../test/helper.js';

/** The app configured for Stripe, its SDK pointed at a local server that answers like the Stripe API. */
async function stripeShop() {
  const stripe = await startFakeStripe();
  const ctx = await buildCatalogueApp(stripe.env());
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const buyer = await createUser(ctx);
  const runner = await createApprovedProduct(ctx, seller, admin, { singleAppLicense: '49.99', multiAppLicense: '149' });
  return { ctx, stripe, buyer, runner };
}

const purchaseCount = async (ctx: Awaited<ReturnType<typeof stripeShop>>['ctx']) => (await ctx.services.orders.sold()).length;

describe('the Stripe provider', () => {
  it('gives the page the publishable key and lets Stripe.js through the content security policy', async () => {
    const { ctx } = await stripeShop();

    const config = await injectAs(ctx, null, { method: 'GET', url: '/api/payment/config' });
    const csp = String(config.headers['content-security-policy']);

    expect(config.json()).toEqual({ provider: 'stripe', publishableKey: FAKE_STRIPE_PUBLISHABLE_KEY });
    expect(csp).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
  });

  it('opens a Stripe payment intent for the server-computed amount with the buyer in its metadata', async () => {
    const { ctx, stripe, buyer, runner } = await stripeShop();

    const intent = await openIntent(ctx, buyer, [multiLine(runner._id)]);

    const created = stripe.requests.find((request) => request.method === 'POST');
    expect(created).toMatchObject({
      path: '/v1/payment_intents',
      authorization: `Bearer ${FAKE_STRIPE_SECRET_KEY}`,
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(created!.form.get('amount')).toBe('14900');
    expect(created!.form.get('currency')).toBe('usd');
    expect(created!.form.get('metadata[userId]')).toBe(buyer._id);
    expect(intent).toEqual({
      clientSecret: stripe.intents.get(intent.paymentIntentId)!.client_secret,
      paymentIntentId: intent.paymentIntentId,
      amount: 14900,
    });
  });

  it('records the purchase only once Stripe says the intent succeeded', async () => {
    const { ctx, stripe, buyer, runner } = await stripeShop();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);

    const early = await postPurchaseDetail(ctx, buyer, intent.paymentIntentId, { paymentStatus: 'succeeded' });
    stripe.succeed(intent.paymentIntentId);
    const paid = await postPurchaseDetail(ctx, buyer, intent.paymentIntentId);

    expect(early.statusCode).toBe(402);
    expect(paid.statusCode).toBe(201);
    expect((paid.json() as { purchase: Purchase }).purchase.amountPaid).toBe(49.99);
  });

  it('refuses an intent whose amount or owner at Stripe differs from the recorded order', async () => {
    const { ctx, stripe, buyer, runner } = await stripeShop();
    const changedAmount = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    const changedOwner = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    stripe.succeed(changedAmount.paymentIntentId);
    stripe.succeed(changedOwner.paymentIntentId);
    stripe.intents.get(changedAmount.paymentIntentId)!.amount = 100;
    stripe.intents.get(changedOwner.paymentIntentId)!.metadata.userId = 'someoneelse1';

    const amountAnswer = await postPurchaseDetail(ctx, buyer, changedAmount.paymentIntentId);
    const ownerAnswer = await postPurchaseDetail(ctx, buyer, changedOwner.paymentIntentId);

    expect(amountAnswer.statusCode).toBe(409);
    expect(ownerAnswer.statusCode).toBe(403);
    expect(await purchaseCount(ctx)).toBe(0);
  });

  it('does not offer the simulated card form when Stripe takes the cards', async () => {
    const { ctx, buyer, runner } = await stripeShop();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);

    expect((await confirmCard(ctx, buyer, intent.clientSecret)).statusCode).toBe(404);
  });

  it("reports Stripe refusing the server's key as a server error, never as the buyer's own 401", async () => {
    const stripe = await startFakeStripe();
    const ctx = await buildCatalogueApp({ ...stripe.env(), STRIPE_SECRET_KEY: 'sk_test_revoked' });
    const admin = await createUser(ctx, { role: 'Admin' });
    const buyer = await createUser(ctx);
    const runner = await createApprovedProduct(ctx, admin, admin);

    const response = await requestIntent(ctx, buyer, [singleLine(runner._id)]);

    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('sk_test');
  });
});

describe('the Stripe webhook', () => {
  it('records the purchase of a succeeded intent when the browser never comes back', async () => {
    const { ctx, stripe, buyer, runner } = await stripeShop();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    stripe.succeed(intent.paymentIntentId);

    const delivered = await stripeWebhook(ctx, intent.paymentIntentId);
    const listed = (await injectAs(ctx, buyer, { method: 'GET', url: '/api/purchase/allPurchases' })).json() as Purchase[];

    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toEqual({ received: true });
    expect(listed.map((purchase) => purchase.transactionId)).toEqual([intent.paymentIntentId]);
  });

  it('records one purchase and one download when 20 concurrent purchaseDetail posts race the webhook', async () => {
    const { ctx, stripe, buyer, runner } = await stripeShop();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    stripe.succeed(intent.paymentIntentId);

    const [webhook, ...posts] = await Promise.all([
      stripeWebhook(ctx, intent.paymentIntentId),
      ...Array.from({ length: 20 }, () => postPurchaseDetail(ctx, buyer, intent.paymentIntentId)),
    ]);
    const lateWebhook = await stripeWebhook(ctx, intent.paymentIntentId);

    expect(webhook!.statusCode).toBe(200);
    expect(lateWebhook.statusCode).toBe(200);
    expect(posts.every((response) => response.statusCode === 200 || response.statusCode === 201)).toBe(true);
    expect(posts.filter((response) => response.statusCode === 201).length).toBeLessThanOrEqual(1);
    expect(new Set(posts.map((response) => (response.json() as { purchase: Purchase }).purchase._id)).size).toBe(1);
    expect(await purchaseCount(ctx)).toBe(1);
    const product = await ctx.db.selectFrom('products').select('downloads').where('id', '=', runner._id).executeTakeFirstOrThrow();
    expect(Number(product.downloads)).toBe(1);
  });

  it('answers 400 to a tampered body, a wrong secret, a missing signature and a signature older than 300 seconds', async () => {
    const { ctx, stripe, buyer, runner } = await stripeShop();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    stripe.succeed(intent.paymentIntentId);

    const tampered = await stripeWebhook(ctx, intent.paymentIntentId, { tamper: true });
    const wrongSecret = await stripeWebhook(ctx, intent.paymentIntentId, { secret: 'whsec_someone_else' });
    const stale = await stripeWebhook(ctx, intent.paymentIntentId, { signedAt: new Date(ctx.clock.now().getTime() - 301_000) });
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    const justInTime = await stripeWebhook(ctx, intent.paymentIntentId, { signedAt: new Date(ctx.clock.now().getTime() - 299_000) });

    expect([tampered.statusCode, wrongSecret.statusCode, stale.statusCode, unsigned.statusCode]).toEqual([400, 400, 400, 400]);
    expect(stale.json().message).toMatch(/tolerance/);
    expect(justInTime.statusCode).toBe(200);
    expect(await purchaseCount(ctx)).toBe(1);
  });

  it('acknowledges an event about an intent this marketplace never opened and records nothing', async () => {
    const { ctx } = await stripeShop();

    const response = await stripeWebhook(ctx, 'pi_from_another_shop');

    expect(response.statusCode).toBe(200);
    expect(await purchaseCount(ctx)).toBe(0);
  });

  it('refuses every webhook when the simulation takes the cards', async () => {
    const ctx = await buildCatalogueApp();

    expect((await stripeWebhook(ctx, 'pi_anything')).statusCode).toBe(400);
  });
});

const deleteAs = (ctx: Awaited<ReturnType<typeof stripeShop>>['ctx'], admin: Awaited<ReturnType<typeof createUser>>, productId: string) =>
  injectAs(ctx, admin, { method: 'DELETE', url: `/api/product/delProduct/${productId}` });

describe('a deleted product with Stripe checkouts', () => {
  it('cancels the unpaid intent at Stripe once the hour is over, then removes the product', async () => {
    const { ctx, stripe, buyer, runner } = await stripeShop();
    const admin = await createUser(ctx, { role: 'Admin' });
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    expect((await deleteAs(ctx, admin, runner._id)).statusCode).toBe(200);

    ctx.clock.advance(61 * 60_000);
    const purged = await ctx.services.products.purgeRetired();

    expect(purged).toBe(1);
    expect(
      stripe.requests.some(
        (request) => request.method === 'POST' && request.path === `/v1/payment_intents/${intent.paymentIntentId}/cancel`,
      ),
    ).toBe(true);
    expect(stripe.intents.get(intent.paymentIntentId)!.status).toBe('canceled');
    expect(await ctx.db.selectFrom('products').select('id').where('id', '=', runner._id).executeTakeFirst()).toBeUndefined();
  });

  it('keeps the product when Stripe says the buyer paid, and the webhook then records the purchase', async () => {
    const { ctx, stripe, buyer, runner } = await stripeShop();
    const admin = await createUser(ctx, { role: 'Admin' });
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    expect((await deleteAs(ctx, admin, runner._id)).statusCode).toBe(200);
    stripe.succeed(intent.paymentIntentId);

    ctx.clock.advance(61 * 60_000);
    expect(await ctx.services.products.purgeRetired()).toBe(0);
    const webhook = await stripeWebhook(ctx, intent.paymentIntentId);

    expect(webhook.statusCode).toBe(200);
    expect(await purchaseCount(ctx)).toBe(1);
    expect(await ctx.services.products.purgeRetired()).toBe(0);
  });
});
