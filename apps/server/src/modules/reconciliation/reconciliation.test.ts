import type { Purchase } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { openIntent, postPurchaseDetail, singleLine, stripeRefundWebhook, stripeWebhook } from '../../test/commerce.js';
import { buildCatalogueApp, createApprovedProduct } from '../../test/factories.js';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.js';
import { createUser, injectAs, type TestContext, type TestUser } from '../../test/helper.js';
import { newId } from '../../platform/ids.js';
import { refundsWithProvider } from '../../test/refunds.js';

const MINUTE_MS = 60_000;
const REASON = 'The archive does not build on any machine';
const METRICS_TOKEN = 'scrape-secret-0123456789';
const scrape = async (ctx: TestContext) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;

/** A shop whose card payments go through the fake Stripe API, and RECONCILE_SECONDS at its default (60). */
async function shop() {
  const stripe = await startFakeStripe();
  const ctx = await buildCatalogueApp({ ...stripe.env(), METRICS_TOKEN });
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx, { name: 'Pixel Forge' });
  const buyer = await createUser(ctx, { name: 'Jamie Buyer' });
  const runner = await createApprovedProduct(ctx, seller, admin, { singleAppLicense: '49.99', multiAppLicense: '149' });
  return { ctx, stripe, admin, buyer, runner };
}

/** A purchase paid at (fake) Stripe and recorded by the buyer's page. */
async function buy(ctx: TestContext, stripe: FakeStripe, buyer: TestUser, productId: string): Promise<Purchase> {
  const intent = await openIntent(ctx, buyer, [singleLine(productId)]);
  stripe.succeed(intent.paymentIntentId);
  const recorded = await postPurchaseDetail(ctx, buyer, intent.paymentIntentId);
  expect(recorded.statusCode).toBe(201);
  return (recorded.json() as { purchase: Purchase }).purchase;
}

/**
 * An admin's refund in a process that dies after the claim: before its provider call (`reached:
 * false`), or after the provider refunded but before our last write. Its call never returns.
 */
async function refundThatDies(ctx: TestContext, admin: TestUser, purchase: Purchase, productId: string, reached: boolean) {
  let arrived!: () => void;
  const died = new Promise<void>((resolve) => (arrived = resolve));
  const payments = ctx.services.payments;
  const dying = refundsWithProvider(ctx, {
    refund: async (...args: Parameters<typeof payments.refund>) => {
      if (reached) await payments.refund(...args);
      arrived();
      return new Promise<never>(() => {});
    },
    refundedCentsOf: (intentId) => payments.refundedCentsOf(intentId),
    refundsAtProvider: (intentId) => payments.refundsAtProvider(intentId),
  });
  void dying.refund(admin, { purchaseId: purchase._id, productId, reason: REASON });
  await died;
}

const refundRows = (ctx: TestContext) => ctx.db.selectFrom('refunds').select(['status', 'reason', 'provider_refund_id']).execute();
const licenceStatus = async (ctx: TestContext) => (await ctx.db.selectFrom('licences').select('status').executeTakeFirstOrThrow()).status;
const refundMailsTo = (ctx: TestContext, user: TestUser) =>
  ctx.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', user.email).where('subject', 'like', 'Refund of %').execute();
/** The cents the ledger's refund entries (and their reversals) gave back to the provider. */
async function refundedInLedger(ctx: TestContext): Promise<number> {
  const rows = await ctx.db
    .selectFrom('ledger_entries')
    .select(['amount_cents'])
    .where('account', '=', 'provider:stripe')
    .where('refund_id', 'is not', null)
    .execute();
  return rows.reduce((sum, row) => sum + Number(row.amount_cents), 0);
}
const refundedAtStripe = (stripe: FakeStripe) => stripe.refunds.reduce((sum, refund) => sum + refund.amount, 0);

describe('the reconciliation of refund claims', () => {
  it('finishes once a claim the provider refunded before the crash, whoever else finishes it at the same moment', async () => {
    const { ctx, stripe, admin, buyer, runner } = await shop();
    const purchase = await buy(ctx, stripe, buyer, runner._id);
    await refundThatDies(ctx, admin, purchase, runner._id, true);
    const intentId = purchase.transactionId;

    const young = await ctx.services.reconciliation.runOnce();
    ctx.clock.advance(3 * MINUTE_MS);
    const [first, second, click, webhook] = await Promise.all([
      ctx.services.refunds.settleQuietClaims(ctx.clock.now().toISOString()),
      ctx.services.refunds.settleQuietClaims(ctx.clock.now().toISOString()),
      injectAs(ctx, admin, {
        method: 'POST',
        url: '/api/purchase/refund',
        payload: { purchaseId: purchase._id, productId: runner._id, reason: 'Again' },
      }),
      stripeRefundWebhook(ctx, intentId, 4999),
    ]);

    expect(young).toEqual({ completed: 0, letGo: 0, purchasesRecorded: 0 });
    expect(first.completed + second.completed).toBeLessThanOrEqual(1);
    expect([200, 409]).toContain(click.statusCode);
    expect(webhook.statusCode).toBe(200);
    expect(await refundRows(ctx)).toMatchObject([{ status: 'succeeded', provider_refund_id: stripe.refunds[0]!.id }]);
    expect(stripe.refunds).toHaveLength(1);
    expect(await licenceStatus(ctx)).toBe('Revoked');
    expect(await refundMailsTo(ctx, buyer)).toHaveLength(1);
    expect(await refundedInLedger(ctx)).toBe(refundedAtStripe(stripe));
    expect(await ctx.services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });
  });

  it('lets go of a claim the provider never refunded: its entries reversed, the licence kept, the refund possible again', async () => {
    const { ctx, stripe, admin, buyer, runner } = await shop();
    const purchase = await buy(ctx, stripe, buyer, runner._id);
    await refundThatDies(ctx, admin, purchase, runner._id, false);

    ctx.clock.advance(2 * MINUTE_MS);
    const report = await ctx.services.reconciliation.runOnce();

    expect(report).toEqual({ completed: 0, letGo: 1, purchasesRecorded: 0 });
    expect(await scrape(ctx)).toMatch(/^reconciliation_repairs\{kind="refund_let_go"\} 1$/m);
    expect(await refundRows(ctx)).toEqual([]);
    expect(await licenceStatus(ctx)).toBe('Active');
    expect(await refundMailsTo(ctx, buyer)).toEqual([]);
    expect(await refundedInLedger(ctx)).toBe(0);
    const again = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/purchase/refund',
      payload: { purchaseId: purchase._id, productId: runner._id, reason: REASON },
    });
    expect(again.statusCode).toBe(200);
    expect(await refundedInLedger(ctx)).toBe(refundedAtStripe(stripe));
    expect(await ctx.services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });
  });

  it('records the refund of an attempt so slow that the reconciliation let its claim go before the provider answered', async () => {
    const { ctx, stripe, admin, buyer, runner } = await shop();
    const purchase = await buy(ctx, stripe, buyer, runner._id);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let called!: () => void;
    const calling = new Promise<void>((resolve) => (called = resolve));
    const payments = ctx.services.payments;
    const slow = refundsWithProvider(ctx, {
      refund: async (...args: Parameters<typeof payments.refund>) => {
        called();
        await answered;
        return payments.refund(...args);
      },
      refundedCentsOf: (intentId) => payments.refundedCentsOf(intentId),
      refundsAtProvider: (intentId) => payments.refundsAtProvider(intentId),
    });
    const attempt = slow.refund(admin, { purchaseId: purchase._id, productId: runner._id, reason: REASON });
    await calling;

    ctx.clock.advance(2 * MINUTE_MS);
    const report = await ctx.services.reconciliation.runOnce();
    answer();
    const result = await attempt;

    expect(report).toMatchObject({ letGo: 1 });
    expect(result.refunded).toEqual([{ productId: runner._id, amount: 49.99, refundedNow: true }]);
    expect(await refundRows(ctx)).toMatchObject([{ status: 'succeeded' }]);
    expect(await licenceStatus(ctx)).toBe('Revoked');
    expect(await refundMailsTo(ctx, buyer)).toHaveLength(1);
    expect(await refundedInLedger(ctx)).toBe(refundedAtStripe(stripe));
    expect(await ctx.services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });
  });
});

describe('the reconciliation of checkouts', () => {
  it('records once a checkout paid at the provider whose browser and webhook never came, and leaves the unpaid and the young', async () => {
    const { ctx, stripe, buyer, runner } = await shop();
    const paid = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    const unpaid = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    stripe.succeed(paid.paymentIntentId);

    const young = await ctx.services.reconciliation.runOnce();
    ctx.clock.advance(2 * MINUTE_MS);
    const paidJustNow = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    stripe.succeed(paidJustNow.paymentIntentId);
    const now = ctx.clock.now().getTime();
    const [round, anotherInstance, webhook, browser] = await Promise.all([
      ctx.services.reconciliation.runOnce(),
      ctx.services.purchases.recordPaidCheckouts(
        new Date(now - 24 * 60 * MINUTE_MS).toISOString(),
        new Date(now - MINUTE_MS).toISOString(),
        10,
      ),
      stripeWebhook(ctx, paid.paymentIntentId),
      postPurchaseDetail(ctx, buyer, paid.paymentIntentId),
    ]);

    const purchases = await ctx.db
      .selectFrom('orders')
      .select('provider_intent_id as transaction_id')
      .where('paid_at', 'is not', null)
      .execute();
    const receipts = await ctx.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', buyer.email).execute();
    expect(young).toEqual({ completed: 0, letGo: 0, purchasesRecorded: 0 });
    expect((round?.purchasesRecorded ?? 0) + anotherInstance).toBeLessThanOrEqual(1);
    expect(webhook.statusCode).toBe(200);
    expect((browser.json() as { purchase: Purchase }).purchase.transactionId).toBe(paid.paymentIntentId);
    expect(purchases.map((row) => row.transaction_id)).toEqual([paid.paymentIntentId]);
    expect(receipts).toHaveLength(1);
    expect(unpaid.paymentIntentId).not.toBe(paidJustNow.paymentIntentId);
    expect(await ctx.services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });

    ctx.clock.advance(2 * MINUTE_MS);
    expect(await ctx.services.reconciliation.runOnce()).toEqual({ completed: 0, letGo: 0, purchasesRecorded: 1 });
    expect(await scrape(ctx)).toMatch(/^reconciliation_repairs\{kind="purchase_recorded"\} [12]$/m);
  });
});

describe('the ledger check', () => {
  it('names a paid purchase line that has no sale entries, and not a free one', async () => {
    const { ctx, stripe, admin, buyer, runner } = await shop();
    const seller = await createUser(ctx, { name: 'Another Seller' });
    const [paidElsewhere, free] = await Promise.all(
      [1, 2].map(() => createApprovedProduct(ctx, seller, admin, { singleAppLicense: '10', multiAppLicense: '20' })),
    );
    const purchase = await buy(ctx, stripe, buyer, runner._id);
    // Lines written outside the purchase flow, which posts every sale with its line.
    const lineWithoutSale = (productId: string, priceCents: number) => ({
      id: newId(),
      order_id: purchase._id,
      kind: 'licence' as const,
      product_id: productId,
      release_id: null,
      license_type: 'Single App License' as const,
      seller_id: seller._id,
      list_cents: priceCents,
      discount_cents: 0,
      tax_cents: 0,
      paid_cents: priceCents,
    });
    const unsold = lineWithoutSale(paidElsewhere!._id, 1_000);
    await ctx.db
      .insertInto('order_lines')
      .values([unsold, lineWithoutSale(free!._id, 0)])
      .execute();

    const report = await ctx.services.ledger.check();

    expect(report).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [unsold.id] });
  });
});
