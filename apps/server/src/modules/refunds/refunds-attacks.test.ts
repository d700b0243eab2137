import type { Purchase } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buyWithCard, multiLine, openIntent, postPurchaseDetail, singleLine, stripeRefundWebhook } from '../../test/commerce.js';
import { buildCatalogueApp, sellerWithTwoProducts } from '../../test/factories.js';
import { startFakeStripe } from '../../test/fake-stripe.js';
import { injectAs, type TestContext, type TestUser } from '../../test/helper.js';
import { refundsWithProvider } from '../../test/refunds.js';

const MINUTE_MS = 60 * 1000;

async function shop(env: Record<string, string> = {}) {
  const ctx = await buildCatalogueApp(env);
  return { ctx, ...(await sellerWithTwoProducts(ctx)) };
}

const refund = (ctx: TestContext, user: TestUser, payload: Record<string, unknown>) =>
  injectAs(ctx, user, { method: 'POST', url: '/api/purchase/refund', payload });
const askForRefund = (ctx: TestContext, user: TestUser, payload: Record<string, unknown>) =>
  injectAs(ctx, user, { method: 'POST', url: '/api/purchase/refundRequest', payload });
const ledgerOf = (ctx: TestContext) => ctx.db.selectFrom('refunds').selectAll().execute();
const refundMailsTo = (ctx: TestContext, user: TestUser) =>
  ctx.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', user.email).where('subject', 'like', 'Refund of %').execute();
const REASON = 'The archive does not build on any machine';

/** A provider call the test answers when it wants, as a slow network would. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/**
 * Two attempts at one refund, each with its own provider call the test holds: the first goes quiet
 * past STALE_CLAIM_MS, the second takes its claim over, and then both calls come back.
 */
async function twoAttempts(ctx: TestContext) {
  const calls = [deferred<{ id: string }>(), deferred<{ id: string }>()];
  let called = 0;
  const started: Array<() => void> = [];
  const payments = {
    refund: () => {
      const call = calls[called++]!;
      started.shift()?.();
      return call.promise;
    },
    // Nothing refunded at the provider but these two calls.
    refundedCentsOf: () => Promise.resolve(0),
    refundsAtProvider: () => Promise.resolve([]),
  };
  const service = refundsWithProvider(ctx, payments);
  const nextCall = () => new Promise<void>((resolve) => started.push(resolve));
  return { service, calls, nextCall };
}

describe('a stale claim taken over while its first attempt is still alive', () => {
  it('keeps the ledger row when the first attempt fails after the takeover succeeded at the provider', async () => {
    const { ctx, admin, seller, buyer, runner } = await shop();
    const purchase = await buyWithCard(ctx, buyer, [singleLine(runner._id)]);
    const { service, calls, nextCall } = await twoAttempts(ctx);
    const body = { purchaseId: purchase._id, productId: runner._id, reason: REASON };

    const firstCalled = nextCall();
    const first = service.refund(admin, body).catch((error: unknown) => error);
    await firstCalled;
    ctx.clock.advance(3 * MINUTE_MS);
    const secondCalled = nextCall();
    const second = service.refund(admin, body);
    await secondCalled;
    calls[0]!.reject(new Error('Stripe request failed: timeout'));
    await first;
    calls[1]!.resolve({ id: 're_taken_over' });
    await second;

    expect(await ledgerOf(ctx)).toEqual([
      expect.objectContaining({ status: 'succeeded', provider_refund_id: 're_taken_over', amount_cents: 4999 }),
    ]);
    const earnings = await injectAs(ctx, seller, { method: 'GET', url: '/api/user/earnings' });
    expect(earnings.json()).toMatchObject({ refunded: 49.99 });
  });

  it('tells the buyer once when both attempts come back from the provider', async () => {
    const { ctx, admin, buyer, runner } = await shop();
    const purchase = await buyWithCard(ctx, buyer, [singleLine(runner._id)]);
    const { service, calls, nextCall } = await twoAttempts(ctx);
    const body = { purchaseId: purchase._id, productId: runner._id, reason: REASON };

    const firstCalled = nextCall();
    const first = service.refund(admin, body);
    await firstCalled;
    ctx.clock.advance(3 * MINUTE_MS);
    const secondCalled = nextCall();
    const second = service.refund(admin, body);
    await secondCalled;
    calls[1]!.resolve({ id: 're_same' });
    await second;
    calls[0]!.resolve({ id: 're_same' });
    await first;

    expect(await refundMailsTo(ctx, buyer)).toHaveLength(1);
    expect(await ledgerOf(ctx)).toHaveLength(1);
  });
});

describe('refund requests', () => {
  it('refuses a request for a licence an admin revoked, as the purchases page does', async () => {
    const { ctx, admin, buyer, runner } = await shop();
    const purchase = await buyWithCard(ctx, buyer, [singleLine(runner._id)]);
    const code = purchase.products[0]!.purchaseCode;
    const revoked = await injectAs(ctx, admin, {
      method: 'PUT',
      url: `/api/licence/${code}/revoke`,
      payload: { reason: 'Resold on a forum' },
    });
    expect(revoked.statusCode).toBe(200);

    const asked = await askForRefund(ctx, buyer, { purchaseId: purchase._id, productId: runner._id, reason: REASON });

    expect(asked.statusCode).toBe(409);
    expect(await ctx.db.selectFrom('refund_requests').selectAll().execute()).toHaveLength(0);
  });
  it('refuses to decline a request while a refund of its licence is under way, so the buyer is not told both', async () => {
    const { ctx, admin, buyer, runner } = await shop();
    const purchase = await buyWithCard(ctx, buyer, [singleLine(runner._id)]);
    const asked = await askForRefund(ctx, buyer, { purchaseId: purchase._id, productId: runner._id, reason: REASON });
    const { service, calls, nextCall } = await twoAttempts(ctx);
    const called = nextCall();
    const refunding = service.refund(admin, { purchaseId: purchase._id, productId: runner._id, reason: REASON });
    await called;

    const declined = await injectAs(ctx, admin, {
      method: 'PUT',
      url: `/api/purchase/refundRequests/${asked.json()._id}/decline`,
      payload: { reason: 'Works as described' },
    });
    calls[0]!.resolve({ id: 're_in_flight' });
    await refunding;

    expect(declined.statusCode).toBe(409);
    const request = await ctx.db.selectFrom('refund_requests').select('status').executeTakeFirstOrThrow();
    expect(request.status).toBe('Refunded');
    const declineMails = await ctx.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('subject', 'like', 'Your refund request%')
      .execute();
    expect(declineMails).toHaveLength(0);
  });
});

describe('charge.refunded against the ledger', () => {
  it('never refunds more than was paid: a purchase-wide refund after a dashboard one asks Stripe for the rest only', async () => {
    const stripe = await startFakeStripe();
    const { ctx, admin, buyer, runner, puzzle } = await shop(stripe.env());
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id), multiLine(puzzle._id)]);
    stripe.succeed(intent.paymentIntentId);
    const purchase = (await postPurchaseDetail(ctx, buyer, intent.paymentIntentId)).json().purchase as Purchase;
    stripe.intents.get(purchase.transactionId)!.amount_refunded = 14900;
    await stripeRefundWebhook(ctx, purchase.transactionId, 14900);

    const whole = await refund(ctx, admin, { purchaseId: purchase._id, reason: REASON });

    expect(whole.statusCode).toBe(200);
    expect(stripe.refunds.map((made) => made.amount)).toEqual([4999]);
    expect(stripe.intents.get(purchase.transactionId)!.amount_refunded).toBe(19899);
    expect((await ledgerOf(ctx)).reduce((sum, row) => sum + Number(row.amount_cents), 0)).toBe(19899);
  });
});
