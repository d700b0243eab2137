import {
  ALREADY_REFUNDED_MESSAGE,
  INSUFFICIENT_BALANCE,
  REFUND_ALREADY_REQUESTED_MESSAGE,
  REFUND_WINDOW_CLOSED_MESSAGE,
  type CheckoutLine,
  type CreatedToken,
  type Earnings,
  type NotificationPage,
  type Purchase,
  type RefundRequest,
} from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buyWithCard, multiLine, openIntent, postPurchaseDetail, singleLine, stripeRefundWebhook } from '../../test/commerce.js';
import { buildCatalogueApp, buildTwoCatalogueApps, sellerWithTwoProducts } from '../../test/factories.js';
import { startFakeStripe } from '../../test/fake-stripe.js';
import { sellerAccount } from '../ledger/index.js';
import { createUser, injectAs, type TestContext, type TestUser } from '../../test/helper.js';

const DAY_MS = 24 * 60 * 60 * 1000;

async function shop(env: Record<string, string> = {}) {
  const ctx = await buildCatalogueApp(env);
  return { ctx, ...(await peopleAndProducts(ctx)) };
}

async function peopleAndProducts(ctx: TestContext) {
  return { ...(await sellerWithTwoProducts(ctx)), stranger: await createUser(ctx, { name: 'Sam Stranger' }) };
}

const refund = (ctx: TestContext, user: TestUser, payload: Record<string, unknown>) =>
  injectAs(ctx, user, { method: 'POST', url: '/api/purchase/refund', payload });
const askForRefund = (ctx: TestContext, user: TestUser, payload: Record<string, unknown>) =>
  injectAs(ctx, user, { method: 'POST', url: '/api/purchase/refundRequest', payload });
const declineRequest = (ctx: TestContext, user: TestUser, id: string, reason: string) =>
  injectAs(ctx, user, { method: 'PUT', url: `/api/purchase/refundRequests/${id}/decline`, payload: { reason } });
const purchasesOf = async (ctx: TestContext, user: TestUser) =>
  (await injectAs(ctx, user, { method: 'GET', url: '/api/purchase/allPurchases' })).json() as Purchase[];
const earningsOf = async (ctx: TestContext, user: TestUser) =>
  (await injectAs(ctx, user, { method: 'GET', url: '/api/user/earnings' })).json() as Earnings;
const noticesOf = async (ctx: TestContext, user: TestUser) =>
  ((await injectAs(ctx, user, { method: 'GET', url: '/api/notification/mine' })).json() as NotificationPage).notifications.filter(
    (notice) => notice.kind === 'refund',
  );
const ledgerOf = (ctx: TestContext) => ctx.db.selectFrom('refunds').selectAll().execute();
const simulatedRefundedCents = async (ctx: TestContext, intentId: string) =>
  Number(
    (
      await ctx.db
        .selectFrom('simulated_payment_intents')
        .select('amount_refunded_cents')
        .where('id', '=', intentId)
        .executeTakeFirstOrThrow()
    ).amount_refunded_cents,
  );

async function sellerToken(ctx: TestContext, seller: TestUser): Promise<string> {
  const response = await injectAs(ctx, seller, {
    method: 'POST',
    url: '/api/licence/tokens',
    payload: { name: 'Game server', scopes: ['licences:read'] },
  });
  return (response.json() as CreatedToken).token;
}

describe('refunds by an admin', () => {
  it('gives the line back through the provider and revokes its licence: download 403, verify not valid, buyer told', async () => {
    const { ctx, admin, seller, buyer, runner } = await shop();
    const purchase = await buyWithCard(ctx, buyer, [singleLine(runner._id)]);
    const code = purchase.products[0]!.purchaseCode;

    const response = await refund(ctx, admin, { purchaseId: purchase._id, productId: runner._id, reason: 'The archive does not build' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Refunded $49.99; the licence is revoked.',
      refunded: [{ productId: runner._id, amount: 49.99, refundedNow: true }],
    });
    expect(await simulatedRefundedCents(ctx, purchase.transactionId)).toBe(4999);
    const download = await injectAs(ctx, buyer, { method: 'GET', url: `/api/purchase/download/${purchase._id}/${runner._id}` });
    expect(download.statusCode).toBe(403);
    const verified = await ctx.app.inject({
      method: 'GET',
      url: `/api/licence/verify?code=${code}`,
      headers: { authorization: `Bearer ${await sellerToken(ctx, seller)}` },
    });
    expect(verified.json()).toMatchObject({ valid: false, status: 'Revoked' });
    const [line] = (await purchasesOf(ctx, buyer))[0]!.products;
    expect(line).toMatchObject({
      licenceStatus: 'Revoked',
      download: 'false',
      refund: { amount: 49.99, reason: 'The archive does not build' },
    });
    expect((await noticesOf(ctx, buyer)).map((notice) => notice.title)).toEqual(['Space Runner was refunded']);
    expect((await noticesOf(ctx, seller)).map((notice) => notice.title)).toEqual(['A sale of Space Runner was refunded']);
    const mails = await ctx.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', buyer.email).execute();
    expect(mails.find((mail) => mail.subject === 'Refund of $49.99 for Space Runner')?.text_body).toContain(code);
  });

  it('refunds every line of the purchase when no product is named, and a repeat refunds nothing again', async () => {
    const { ctx, admin, buyer, runner, puzzle } = await shop();
    const purchase = await buyWithCard(ctx, buyer, [singleLine(runner._id), multiLine(puzzle._id)]);

    const first = await refund(ctx, admin, { purchaseId: purchase._id, reason: 'Bought by mistake' });
    const again = await refund(ctx, admin, { purchaseId: purchase._id, reason: 'Bought by mistake' });

    expect(first.json()).toMatchObject({ message: 'Refunded $198.99; the licences are revoked.' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      message: ALREADY_REFUNDED_MESSAGE,
      refunded: [
        { productId: expect.any(String), amount: expect.any(Number), refundedNow: false },
        { productId: expect.any(String), amount: expect.any(Number), refundedNow: false },
      ],
    });
    expect(await simulatedRefundedCents(ctx, purchase.transactionId)).toBe(19899);
    expect(await ledgerOf(ctx)).toHaveLength(2);
    expect((await purchasesOf(ctx, buyer))[0]!.products.map((line) => line.licenceStatus)).toEqual(['Revoked', 'Revoked']);
  });

  it('refunds a line once when two instances are clicked at the same moment', async () => {
    const [first, second] = await buildTwoCatalogueApps();
    const { admin, buyer, runner } = await peopleAndProducts(first);
    const purchase = await buyWithCard(first, buyer, [singleLine(runner._id)]);
    const body = { purchaseId: purchase._id, productId: runner._id, reason: 'Clicked twice by two admins' };

    const answers = await Promise.all([refund(first, admin, body), refund(second, admin, body), refund(first, admin, body)]);

    expect(answers.map((answer) => answer.statusCode).every((status) => status === 200 || status === 409)).toBe(true);
    expect(answers.filter((answer) => answer.statusCode === 200 && answer.json().refunded[0].refundedNow)).toHaveLength(1);
    expect(await ledgerOf(first)).toHaveLength(1);
    expect(await simulatedRefundedCents(first, purchase.transactionId)).toBe(4999);
  });

  it('answers 404 for an unknown purchase or a product not in it, 400 without a reason, and 403 to anyone but an admin', async () => {
    const { ctx, admin, buyer, seller, runner, puzzle } = await shop();
    const purchase = await buyWithCard(ctx, buyer, [singleLine(runner._id)]);

    expect((await refund(ctx, admin, { purchaseId: 'nosuchpurchase1', reason: 'Not a purchase' })).statusCode).toBe(404);
    expect((await refund(ctx, admin, { purchaseId: purchase._id, productId: puzzle._id, reason: 'Not bought' })).json().message).toBe(
      'This product is not part of the purchase',
    );
    expect((await refund(ctx, admin, { purchaseId: purchase._id, reason: ' ' })).statusCode).toBe(400);
    expect((await refund(ctx, buyer, { purchaseId: purchase._id, reason: 'Give it back to me' })).statusCode).toBe(403);
    expect((await refund(ctx, seller, { purchaseId: purchase._id, reason: 'Give it back to them' })).statusCode).toBe(403);
    expect(await ledgerOf(ctx)).toHaveLength(0);
  });
});

/** The shop paying through Stripe's API (a local server answering like it). */
async function stripeShop() {
  const stripe = await startFakeStripe();
  const shopped = await shop(stripe.env());
  const buy = async (lines: CheckoutLine[]) => {
    const intent = await openIntent(shopped.ctx, shopped.buyer, lines);
    stripe.succeed(intent.paymentIntentId);
    return (await postPurchaseDetail(shopped.ctx, shopped.buyer, intent.paymentIntentId)).json().purchase as Purchase;
  };
  return { ...shopped, stripe, buy };
}

describe('refunds through Stripe', () => {
  it('refunds the line on its payment intent, once under concurrent clicks', async () => {
    const { ctx, stripe, admin, runner, buy } = await stripeShop();
    const purchase = await buy([singleLine(runner._id)]);
    const body = { purchaseId: purchase._id, productId: runner._id, reason: 'The archive does not build' };

    await Promise.all([refund(ctx, admin, body), refund(ctx, admin, body)]);

    expect(stripe.refunds).toEqual([expect.objectContaining({ payment_intent: purchase.transactionId, amount: 4999 })]);
    expect(stripe.intents.get(purchase.transactionId)!.amount_refunded).toBe(4999);
    expect(await ledgerOf(ctx)).toHaveLength(1);
  });

  it('lets go of the refund when Stripe fails, so nothing is revoked and the next try succeeds', async () => {
    const { ctx, stripe, admin, buyer, runner, buy } = await stripeShop();
    const purchase = await buy([singleLine(runner._id)]);
    const body = { purchaseId: purchase._id, productId: runner._id, reason: 'The archive does not build' };
    stripe.intents.get(purchase.transactionId)!.status = 'processing';

    const failed = await refund(ctx, admin, body);
    const licenceAfterFailure = (await purchasesOf(ctx, buyer))[0]!.products[0]!.licenceStatus;
    stripe.intents.get(purchase.transactionId)!.status = 'succeeded';
    const retried = await refund(ctx, admin, body);

    expect(failed.statusCode).toBe(500);
    expect(licenceAfterFailure).toBe('Active');
    expect(retried.json().refunded[0].refundedNow).toBe(true);
    expect(stripe.refunds).toHaveLength(1);
  });

  it('records the line as refunded when Stripe refuses because the dashboard refunded the charge first', async () => {
    const { ctx, stripe, admin, buyer, runner, puzzle, buy } = await stripeShop();
    const purchase = await buy([singleLine(runner._id), multiLine(puzzle._id)]);
    // Refunded in the dashboard; its webhook has not arrived yet.
    stripe.intents.get(purchase.transactionId)!.amount_refunded = 4999 + 14900;

    const answer = await refund(ctx, admin, { purchaseId: purchase._id, productId: runner._id, reason: 'Asked by the buyer' });
    const echo = await stripeRefundWebhook(ctx, purchase.transactionId, 4999 + 14900);

    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ message: ALREADY_REFUNDED_MESSAGE, refunded: [{ productId: runner._id, refundedNow: false }] });
    expect(echo.statusCode).toBe(200);
    expect(stripe.refunds).toHaveLength(0);
    expect((await ledgerOf(ctx)).map((row) => [row.amount_cents, row.origin, row.status]).sort()).toEqual([
      [14900, 'provider', 'succeeded'],
      [4999, 'provider', 'succeeded'],
    ]);
    expect((await purchasesOf(ctx, buyer))[0]!.products.map((line) => line.licenceStatus)).toEqual(['Revoked', 'Revoked']);
  });

  it('records a refund made in the Stripe dashboard from charge.refunded once, however often it is delivered', async () => {
    const { ctx, stripe, buyer, seller, runner, buy } = await stripeShop();
    const purchase = await buy([singleLine(runner._id)]);
    stripe.refundInDashboard(purchase.transactionId, 4999);

    const deliveries = [
      await stripeRefundWebhook(ctx, purchase.transactionId, 4999),
      await stripeRefundWebhook(ctx, purchase.transactionId, 4999),
    ];

    expect(deliveries.map((delivery) => delivery.statusCode)).toEqual([200, 200]);
    expect(await ledgerOf(ctx)).toEqual([expect.objectContaining({ origin: 'provider', amount_cents: 4999, status: 'succeeded' })]);
    expect((await purchasesOf(ctx, buyer))[0]!.products[0]!.licenceStatus).toBe('Revoked');
    expect(await noticesOf(ctx, buyer)).toHaveLength(1);
    expect((await earningsOf(ctx, seller)).refunded).toBe(49.99);
    expect(stripe.refunds).toHaveLength(0);
  });

  it('takes the one line of the refunded price from a partial dashboard refund, and ignores the echo of its own refund', async () => {
    const { ctx, stripe, admin, buyer, runner, puzzle, buy } = await stripeShop();
    const purchase = await buy([singleLine(runner._id), multiLine(puzzle._id)]);
    await refund(ctx, admin, { purchaseId: purchase._id, productId: runner._id, reason: 'Refunded here first' });

    await stripeRefundWebhook(ctx, purchase.transactionId, 4999);
    const afterEcho = await ledgerOf(ctx);
    stripe.refundInDashboard(purchase.transactionId, 14900);
    await stripeRefundWebhook(ctx, purchase.transactionId, 4999 + 14900);

    expect(afterEcho).toHaveLength(1);
    expect((await ledgerOf(ctx)).map((row) => [row.product_id, row.origin])).toEqual(
      expect.arrayContaining([
        [runner._id, 'admin'],
        [puzzle._id, 'provider'],
      ]),
    );
    expect((await purchasesOf(ctx, buyer))[0]!.products.map((line) => line.licenceStatus)).toEqual(['Revoked', 'Revoked']);
  });
});

describe('a charge.refunded event', () => {
  it('moves no money and revokes nothing when Stripe did not refund what a validly signed event claims', async () => {
    const { ctx, stripe, buyer, seller, runner, buy } = await stripeShop();
    const purchase = await buy([singleLine(runner._id)]);
    const before = await earningsOf(ctx, seller);

    const delivery = await stripeRefundWebhook(ctx, purchase.transactionId, 4999);

    expect(delivery.statusCode).toBe(200);
    expect(await ledgerOf(ctx)).toEqual([]);
    expect((await purchasesOf(ctx, buyer))[0]!.products[0]!.licenceStatus).toBe('Active');
    expect(await earningsOf(ctx, seller)).toEqual(before);
    expect((await ctx.services.ledger.keptBalancesOf([sellerAccount(seller._id)] as const))[0].refundCents).toBe(0);
    // Stripe was asked, not believed.
    expect(stripe.requests.some((request) => request.method === 'GET' && request.path.includes(purchase.transactionId))).toBe(true);
  });
});

describe("the seller's balance after refunds", () => {
  it('goes below zero when money already withdrawn is refunded, and withdrawals wait until it is positive', async () => {
    const { ctx, admin, seller, buyer, runner } = await shop();
    const purchase = await buyWithCard(ctx, buyer, [singleLine(runner._id)]);
    const withdrawal = await injectAs(ctx, seller, {
      method: 'POST',
      url: '/api/withdraw/withdrawDetil',
      payload: { email: 'payout@example.com', withdrawAmount: 49.99 },
    });
    await injectAs(ctx, admin, { method: 'PUT', url: `/api/withdraw/updateStatus/${withdrawal.json().withdrawal._id}` });

    await refund(ctx, admin, { purchaseId: purchase._id, reason: 'Chargeback from the bank' });
    const earnings = await earningsOf(ctx, seller);
    const refused = await injectAs(ctx, seller, {
      method: 'POST',
      url: '/api/withdraw/withdrawDetil',
      payload: { email: 'payout@example.com', withdrawAmount: 1 },
    });

    expect(earnings).toEqual({
      totalEarnings: 0,
      dashboardTotal: 0,
      pendingWithdrawals: 0,
      withdrawn: 49.99,
      availableBalance: -49.99,
      refunded: 49.99,
    });
    const sales = (await injectAs(ctx, seller, { method: 'GET', url: '/api/user/sales' })).json();
    expect(sales).toEqual([expect.objectContaining({ purchaseId: purchase._id, price: 49.99, refunded: true })]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: INSUFFICIENT_BALANCE.message, availableBalance: -49.99 });
    const order = await ctx.services.orders.byId(purchase._id);
    expect(order?.status).toBe('refunded');
    expect(order?.lines.map((line) => line.paidCents)).toEqual([4999]);
  });
});

describe('refund requests', () => {
  const REASON = 'The project does not open in the engine version the page claims.';

  it('lets the buyer ask within 7 days; every admin sees it, and refunding the line answers it', async () => {
    const { ctx, admin, buyer, runner } = await shop();
    const purchase = await buyWithCard(ctx, buyer, [singleLine(runner._id)]);
    ctx.clock.advance(7 * DAY_MS - 60_000);

    const asked = await askForRefund(ctx, buyer, { purchaseId: purchase._id, productId: runner._id, reason: REASON });
    const listed = (
      await injectAs(ctx, admin, { method: 'GET', url: '/api/purchase/refundRequests?status=Pending' })
    ).json() as RefundRequest[];
    const buyerLineBefore = (await purchasesOf(ctx, buyer))[0]!.products[0]!;
    await refund(ctx, admin, { purchaseId: purchase._id, productId: runner._id, reason: 'Agreed: it does not open' });
    const answered = (await injectAs(ctx, admin, { method: 'GET', url: '/api/purchase/refundRequests' })).json() as RefundRequest[];

    expect(asked.statusCode).toBe(201);
    expect(listed).toEqual([
      expect.objectContaining({
        purchaseId: purchase._id,
        productId: runner._id,
        title: 'Space Runner',
        price: 49.99,
        reason: REASON,
        status: 'Pending',
        buyer: expect.objectContaining({ name: 'Jamie Buyer', email: buyer.email }),
      }),
    ]);
    expect(buyerLineBefore.refundRequest).toMatchObject({ status: 'Pending', reason: REASON });
    expect(answered[0]).toMatchObject({ status: 'Refunded' });
    expect((await noticesOf(ctx, admin)).map((notice) => notice.title)).toEqual(['Jamie Buyer asks for a refund of Space Runner']);
  });

  it('refuses a request after 7 days, a second request, a short reason, and a stranger', async () => {
    const { ctx, buyer, stranger, runner, puzzle } = await shop();
    const purchase = await buyWithCard(ctx, buyer, [singleLine(runner._id), singleLine(puzzle._id)]);
    await askForRefund(ctx, buyer, { purchaseId: purchase._id, productId: runner._id, reason: REASON });

    const second = await askForRefund(ctx, buyer, { purchaseId: purchase._id, productId: runner._id, reason: REASON });
    const short = await askForRefund(ctx, buyer, { purchaseId: purchase._id, productId: puzzle._id, reason: 'It is broken' });
    const strangers = await askForRefund(ctx, stranger, { purchaseId: purchase._id, productId: puzzle._id, reason: REASON });
    ctx.clock.advance(7 * DAY_MS + 1000);
    const late = await askForRefund(ctx, buyer, { purchaseId: purchase._id, productId: puzzle._id, reason: REASON });

    expect([second.statusCode, second.json().message]).toEqual([409, REFUND_ALREADY_REQUESTED_MESSAGE]);
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 20 characters/);
    expect(strangers.statusCode).toBe(403);
    expect([late.statusCode, late.json().message]).toEqual([403, REFUND_WINDOW_CLOSED_MESSAGE]);
  });

  it('tells the buyer of a decline with its reason, keeps the licence, and refuses a second answer', async () => {
    const { ctx, admin, buyer, runner } = await shop();
    const purchase = await buyWithCard(ctx, buyer, [singleLine(runner._id)]);
    const request = (await askForRefund(ctx, buyer, { purchaseId: purchase._id, productId: runner._id, reason: REASON })).json();

    const declined = await declineRequest(ctx, admin, request._id, 'It opens in 2022.3 as stated; see the README.');
    const again = await declineRequest(ctx, admin, request._id, 'Still no.');
    const byBuyer = await declineRequest(ctx, buyer, request._id, 'Deciding myself.');

    expect(declined.json()).toMatchObject({ status: 'Declined', declineReason: 'It opens in 2022.3 as stated; see the README.' });
    expect(again.statusCode).toBe(409);
    expect(byBuyer.statusCode).toBe(403);
    expect((await noticesOf(ctx, buyer))[0]).toMatchObject({
      title: 'Your refund request for Space Runner was declined',
      body: 'Reason: It opens in 2022.3 as stated; see the README.',
    });
    const line = (await purchasesOf(ctx, buyer))[0]!.products[0]!;
    expect(line).toMatchObject({ licenceStatus: 'Active', refundRequest: { status: 'Declined' } });
    expect((await injectAs(ctx, buyer, { method: 'GET', url: '/api/purchase/refundRequests' })).statusCode).toBe(403);
  });
});
