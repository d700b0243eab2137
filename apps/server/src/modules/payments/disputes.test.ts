import type { CheckoutLine, NotificationPage, Purchase } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { openIntent, postPurchaseDetail, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, sellerWithTwoProducts } from '../../test/factories.js';
import { FAKE_STRIPE_SECRET_KEY, type FakeStripe, startFakeStripe } from '../../test/fake-stripe.js';
import { injectAs, type TestContext, type TestUser } from '../../test/helper.js';
import { DAY_MS } from '../../platform/clock.js';
import { type LedgerAccount, providerAccount, sellerAccount } from '../ledger/index.js';
import { REFUND_DISPUTED_MESSAGE } from '../refunds/index.js';
import { DISPUTE_LOST_REVOKED_REASON } from './index.js';

const CONNECT = { PAYOUT_MODE: 'connect', PAYOUT_HOLD_DAYS: '7' };
const CLEAN = { unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] };
const OPEN: LedgerAccount = 'disputes:open';

/**
 * The shop taking cards through the fake Stripe, listening, so the fake posts its signed dispute
 * webhooks to /api/payment/webhook as Stripe would; sellers paid as `env` says.
 */
async function disputedShop(env: Record<string, string> = {}) {
  const stripe = await startFakeStripe();
  const ctx = await buildCatalogueApp({ ...stripe.env(), ...env });
  const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  stripe.fake.useClock(() => ctx.clock.now());
  const webhookUrl = `${address}/api/payment/webhook`;
  return { ctx, stripe, webhookUrl, ...(await sellerWithTwoProducts(ctx)) };
}

/** A purchase paid with the card at the fake Stripe, recorded as the checkout page records it; then webhooks flow. */
async function buy(ctx: TestContext, stripe: FakeStripe, buyer: TestUser, lines: CheckoutLine[], webhookUrl: string) {
  // Not buyThroughStripe: once the webhook flows, it may record the purchase before the page does (200, not 201).
  const intent = await openIntent(ctx, buyer, lines);
  await stripe.payWithCard(intent.paymentIntentId);
  const purchase = (await postPurchaseDetail(ctx, buyer, intent.paymentIntentId)).json().purchase as Purchase;
  await stripe.fake.settled();
  stripe.fake.webhook.url = webhookUrl;
  return purchase;
}

const balance = (ctx: TestContext, account: LedgerAccount) => ctx.services.ledger.balanceOf(account);
const balances = async (ctx: TestContext, seller: TestUser) => ({
  maturing: await balance(ctx, `maturing:${seller._id}`),
  available: await balance(ctx, sellerAccount(seller._id)),
  disputed: await balance(ctx, OPEN),
  provider: await balance(ctx, providerAccount('stripe')),
});

const disputeNotices = async (ctx: TestContext, user: TestUser) =>
  ((await injectAs(ctx, user, { method: 'GET', url: '/api/notification/mine' })).json() as NotificationPage).notifications
    .filter((notice) => notice.kind === 'dispute')
    .map((notice) => notice.title)
    .sort();

const disputeMails = async (ctx: TestContext, user: TestUser) =>
  (
    await ctx.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', user.email)
      .where((eb) => eb.or([eb('subject', 'like', '%disputed%'), eb('subject', 'like', '%dispute over%')]))
      .execute()
  )
    .map((mail) => mail.subject)
    .sort();

const licenceOf = (ctx: TestContext, purchase: Purchase, index = 0) =>
  ctx.db
    .selectFrom('licences')
    .select(['status', 'revoked_reason'])
    .where('purchase_code', '=', purchase.products[index]!.purchaseCode)
    .executeTakeFirstOrThrow();

const download = (ctx: TestContext, buyer: TestUser, purchase: Purchase, productId: string) =>
  injectAs(ctx, buyer, { method: 'GET', url: `/api/purchase/download/${purchase._id}/${productId}` });

/** How the purchase's dispute was spread: [order line, cents], in line order. */
const spreadOf = async (ctx: TestContext, purchase: Purchase) =>
  (
    await ctx.db
      .selectFrom('dispute_lines as l')
      .innerJoin('disputes as d', 'd.id', 'l.dispute_id')
      .select(['l.order_line_id', 'l.cents'])
      .where('d.order_id', '=', purchase._id)
      .orderBy('l.order_line_id')
      .execute()
  ).map((line) => [line.order_line_id, Number(line.cents)]);

/** What reconciliation finds today between the ledger and Stripe's balance transactions. */
const differencesToday = (ctx: TestContext) => {
  const start = new Date(Math.floor(ctx.clock.now().getTime() / DAY_MS) * DAY_MS);
  return ctx.services.providerComparison.differences(start, new Date(start.getTime() + DAY_MS));
};

const allAnswered200 = (stripe: FakeStripe) => stripe.fake.deliveries.every((delivery) => delivery.status === 200);

/** Everything a dispute writes, to show a replay adds nothing. */
async function written(ctx: TestContext) {
  const count = async (table: 'disputes' | 'dispute_lines' | 'ledger_entries' | 'notifications' | 'mail_outbox') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    disputes: await count('disputes'),
    disputeLines: await count('dispute_lines'),
    entries: await count('ledger_entries'),
    notifications: await count('notifications'),
    mails: await count('mail_outbox'),
  };
}

describe('chargebacks reported by Stripe', () => {
  it('holds the disputed cents on disputes:open, taken from the seller balance with manual payouts, and tells seller and admins', async () => {
    const { ctx, stripe, webhookUrl, admin, seller, buyer, runner } = await disputedShop();
    const purchase = await buy(ctx, stripe, buyer, [singleLine(runner._id)], webhookUrl);

    const dispute = await stripe.fake.openDispute(purchase.transactionId, { reason: 'fraudulent' });

    expect(allAnswered200(stripe)).toBe(true);
    expect(await balances(ctx, seller)).toEqual({ maturing: 0, available: 0, disputed: 4999, provider: -4999 });
    const row = await ctx.db.selectFrom('disputes').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ provider_dispute_id: dispute.id, order_id: purchase._id, status: 'open', reason: 'fraudulent' });
    expect(Number(row.amount_cents)).toBe(4999);
    expect((await licenceOf(ctx, purchase)).status).toBe('Active');
    expect(await disputeNotices(ctx, seller)).toEqual(['A payment for Space Runner is disputed']);
    expect(await disputeNotices(ctx, admin)).toEqual(['A payment for Space Runner is disputed']);
    expect(await disputeMails(ctx, seller)).toEqual(['A payment for Space Runner is disputed']);
    expect(await disputeMails(ctx, admin)).toEqual(['A payment for Space Runner is disputed']);
    // Stripe holds the money while the bank decides; the ledger keeps it on disputes:open until then.
    expect(await differencesToday(ctx)).toEqual([{ key: `adjustment:${dispute.id}`, ledgerCents: 0, providerCents: -4999 }]);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('takes an opened dispute first from what still matures with payouts through Connect, and from the balance once matured', async () => {
    const { ctx, stripe, webhookUrl, seller, buyer, runner, puzzle } = await disputedShop(CONNECT);
    const early = await buy(ctx, stripe, buyer, [singleLine(runner._id)], webhookUrl);
    ctx.clock.advance(7 * DAY_MS);
    expect(await ctx.services.ledger.matureDue()).toBe(1);
    const late = await buy(ctx, stripe, buyer, [singleLine(puzzle._id)], webhookUrl);
    expect(await balances(ctx, seller)).toMatchObject({ maturing: 4999, available: 4999 });

    await stripe.fake.openDispute(late.transactionId);
    expect(await balances(ctx, seller)).toMatchObject({ maturing: 0, available: 4999, disputed: 4999 });
    await stripe.fake.openDispute(early.transactionId);
    expect(await balances(ctx, seller)).toMatchObject({ maturing: 0, available: 0, disputed: 9998 });

    // The disputed line has nothing left to mature.
    ctx.clock.advance(7 * DAY_MS);
    expect(await ctx.services.ledger.matureDue()).toBe(0);
    expect(allAnswered200(stripe)).toBe(true);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('gives the cents back to the seller when the dispute is won, and the licence stays', async () => {
    const { ctx, stripe, webhookUrl, admin, seller, buyer, runner } = await disputedShop();
    const purchase = await buy(ctx, stripe, buyer, [singleLine(runner._id)], webhookUrl);
    const dispute = await stripe.fake.openDispute(purchase.transactionId);

    await stripe.fake.closeDispute(dispute.id, 'won');

    expect(allAnswered200(stripe)).toBe(true);
    expect(await balances(ctx, seller)).toEqual({ maturing: 0, available: 4999, disputed: 0, provider: -4999 });
    expect((await ctx.db.selectFrom('disputes').select('status').executeTakeFirstOrThrow()).status).toBe('won');
    expect(await licenceOf(ctx, purchase)).toEqual({ status: 'Active', revoked_reason: null });
    expect(await disputeNotices(ctx, seller)).toEqual(['A payment for Space Runner is disputed', 'The dispute over Space Runner was won']);
    expect(await disputeMails(ctx, admin)).toEqual(['A payment for Space Runner is disputed', 'The dispute over Space Runner was won']);
    expect(await differencesToday(ctx)).toEqual([]);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('sends the cents to the provider and revokes the licence when the dispute is lost', async () => {
    const { ctx, stripe, webhookUrl, admin, seller, buyer, runner } = await disputedShop();
    const purchase = await buy(ctx, stripe, buyer, [singleLine(runner._id)], webhookUrl);
    const dispute = await stripe.fake.openDispute(purchase.transactionId);

    await stripe.fake.closeDispute(dispute.id, 'lost');

    expect(allAnswered200(stripe)).toBe(true);
    expect(await balances(ctx, seller)).toEqual({ maturing: 0, available: 0, disputed: 0, provider: 0 });
    expect((await ctx.db.selectFrom('disputes').select('status').executeTakeFirstOrThrow()).status).toBe('lost');
    expect(await licenceOf(ctx, purchase)).toEqual({ status: 'Revoked', revoked_reason: DISPUTE_LOST_REVOKED_REASON });
    expect((await download(ctx, buyer, purchase, runner._id)).statusCode).toBe(403);
    const listed = (await injectAs(ctx, buyer, { method: 'GET', url: '/api/purchase/allPurchases' })).json() as Purchase[];
    expect(listed[0]!.products[0]!.licenceStatus).toBe('Revoked');
    // The cardholder has the money back already: a refund would pay it twice.
    const refund = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/purchase/refund',
      payload: { purchaseId: purchase._id, productId: runner._id, reason: 'Asked again' },
    });
    expect([refund.statusCode, refund.json().message]).toEqual([409, REFUND_DISPUTED_MESSAGE]);
    expect(await disputeNotices(ctx, seller)).toEqual(['A payment for Space Runner is disputed', 'The dispute over Space Runner was lost']);
    expect(await disputeNotices(ctx, admin)).toEqual(['A payment for Space Runner is disputed', 'The dispute over Space Runner was lost']);
    expect(await disputeMails(ctx, seller)).toEqual(['A payment for Space Runner is disputed', 'The dispute over Space Runner was lost']);
    // Reconciliation names the loss's entries by Stripe's dispute, as Stripe names its adjustment.
    expect(await differencesToday(ctx)).toEqual([]);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it("gives a platform code's part back to the platform when a dispute is lost, as a refund would", async () => {
    const { ctx, stripe, webhookUrl, admin, seller, buyer, runner } = await disputedShop();
    const code = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/discount/platform',
      payload: { code: 'MARKET20', kind: 'percent', amount: 20 },
    });
    expect(code.statusCode).toBe(201);
    const intent = await injectAs(ctx, buyer, {
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      payload: { products: [singleLine(runner._id)], currency: 'usd', code: 'MARKET20' },
    });
    const { paymentIntentId, amount } = intent.json() as { paymentIntentId: string; amount: number };
    await stripe.payWithCard(paymentIntentId);
    expect((await postPurchaseDetail(ctx, buyer, paymentIntentId)).statusCode).toBe(201);
    await stripe.fake.settled();
    stripe.fake.webhook.url = webhookUrl;
    // The buyer paid 80%; the seller earned the whole price, the platform paying the code's part.
    expect(amount).toBe(3999);
    expect(await balance(ctx, sellerAccount(seller._id))).toBe(4999);
    expect(await balance(ctx, 'platform:promotions')).toBe(-1000);

    const dispute = await stripe.fake.openDispute(paymentIntentId);
    await stripe.fake.closeDispute(dispute.id, 'lost');

    expect(allAnswered200(stripe)).toBe(true);
    expect(await balances(ctx, seller)).toEqual({ maturing: 0, available: 0, disputed: 0, provider: 0 });
    expect(await balance(ctx, 'platform:promotions')).toBe(0);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('writes nothing again when Stripe delivers the same dispute events twice', async () => {
    const { ctx, stripe, webhookUrl, seller, buyer, runner } = await disputedShop();
    const purchase = await buy(ctx, stripe, buyer, [singleLine(runner._id)], webhookUrl);
    const dispute = await stripe.fake.openDispute(purchase.transactionId);
    await stripe.fake.closeDispute(dispute.id, 'lost');
    const before = { ...(await written(ctx)), ...(await balances(ctx, seller)) };

    const replays = stripe.fake.events.filter((event) => event.type.startsWith('charge.dispute.'));
    const answers = await Promise.all(replays.map((event) => stripe.fake.redeliver(event.id)));

    expect(answers.map((answer) => answer.status)).toEqual(replays.map(() => 200));
    expect({ ...(await written(ctx)), ...(await balances(ctx, seller)) }).toEqual(before);
    expect(before).toMatchObject({ disputes: 1, disputeLines: 1 });
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('records a dispute once when two deliveries of its opening arrive at the same moment', async () => {
    const { ctx, stripe, webhookUrl, seller, buyer, runner } = await disputedShop();
    const purchase = await buy(ctx, stripe, buyer, [singleLine(runner._id)], webhookUrl);
    stripe.fake.webhook.url = null;
    await stripe.fake.openDispute(purchase.transactionId);
    const opening = stripe.fake.events.find((event) => event.type === 'charge.dispute.created')!;

    const answers = await Promise.all([1, 2, 3].map(() => stripe.fake.redeliver(opening.id, { url: webhookUrl })));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await written(ctx)).toMatchObject({ disputes: 1, disputeLines: 1 });
    expect(await balances(ctx, seller)).toMatchObject({ available: 0, disputed: 4999 });
    expect(await disputeNotices(ctx, seller)).toEqual(['A payment for Space Runner is disputed']);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('records a dispute whose closing arrives before its opening once, as Stripe has it', async () => {
    const { ctx, stripe, webhookUrl, seller, buyer, runner } = await disputedShop();
    const purchase = await buy(ctx, stripe, buyer, [singleLine(runner._id)], webhookUrl);
    stripe.fake.webhook.url = null;
    const dispute = await stripe.fake.openDispute(purchase.transactionId);
    await stripe.fake.closeDispute(dispute.id, 'lost');
    const eventOf = (type: string) => stripe.fake.events.find((event) => event.type === type)!;

    const closed = await stripe.fake.redeliver(eventOf('charge.dispute.closed').id, { url: webhookUrl });
    const created = await stripe.fake.redeliver(eventOf('charge.dispute.created').id, { url: webhookUrl });

    expect([closed.status, created.status]).toEqual([200, 200]);
    expect(await balances(ctx, seller)).toEqual({ maturing: 0, available: 0, disputed: 0, provider: 0 });
    expect((await ctx.db.selectFrom('disputes').select('status').execute()).map((row) => row.status)).toEqual(['lost']);
    expect((await licenceOf(ctx, purchase)).status).toBe('Revoked');
    // Opened and closed in one go: the seller hears the outcome once.
    expect(await disputeNotices(ctx, seller)).toEqual(['The dispute over Space Runner was lost']);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('spreads a partial dispute over the order lines in order, each up to what it paid less its refunds', async () => {
    const { ctx, stripe, webhookUrl, admin, seller, buyer, runner, puzzle } = await disputedShop();
    const purchase = await buy(ctx, stripe, buyer, [singleLine(runner._id), singleLine(puzzle._id)], webhookUrl);
    const lineIds = (await ctx.db.selectFrom('order_lines').select(['id', 'product_id']).where('order_id', '=', purchase._id).execute())
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((line) => line.id);

    await stripe.fake.openDispute(purchase.transactionId, { amount: 6000 });
    expect(await spreadOf(ctx, purchase)).toEqual([
      [lineIds[0], 4999],
      [lineIds[1], 1001],
    ]);
    expect(await balances(ctx, seller)).toMatchObject({ available: 9998 - 6000, disputed: 6000 });
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);

    // A second order: its first line refunded, the dispute falls on what the other line has left.
    const second = await buy(ctx, stripe, buyer, [singleLine(runner._id), singleLine(puzzle._id)], webhookUrl);
    const [first, other] = (
      await ctx.db.selectFrom('order_lines').select(['id', 'product_id']).where('order_id', '=', second._id).execute()
    ).sort((a, b) => (a.id < b.id ? -1 : 1));
    const refunded = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/purchase/refund',
      payload: { purchaseId: second._id, productId: first!.product_id, reason: 'The archive does not build' },
    });
    expect(refunded.statusCode).toBe(200);
    await stripe.fake.settled();

    await stripe.fake.openDispute(second.transactionId, { amount: 3000 });

    expect(await spreadOf(ctx, second)).toEqual([[other!.id, 3000]]);
    expect(allAnswered200(stripe)).toBe(true);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('refuses a dispute that arrives before its sale is recorded, so Stripe sends it again, and records it then', async () => {
    const { ctx, stripe, webhookUrl, seller, buyer, runner } = await disputedShop();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    await stripe.payWithCard(intent.paymentIntentId);
    await stripe.fake.settled();
    stripe.fake.webhook.url = null;
    await stripe.fake.openDispute(intent.paymentIntentId);
    const opening = stripe.fake.events.find((event) => event.type === 'charge.dispute.created')!;

    expect((await stripe.fake.redeliver(opening.id, { url: webhookUrl })).status).toBe(500);
    expect(await ctx.db.selectFrom('disputes').selectAll().execute()).toEqual([]);

    expect((await postPurchaseDetail(ctx, buyer, intent.paymentIntentId)).statusCode).toBe(201);
    expect((await stripe.fake.redeliver(opening.id, { url: webhookUrl })).status).toBe(200);
    expect(await balances(ctx, seller)).toMatchObject({ available: 0, disputed: 4999 });
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('refuses to refund a line while its dispute is open or after it was lost, and refunds it once won', async () => {
    const { ctx, stripe, webhookUrl, admin, seller, buyer, runner } = await disputedShop();
    const purchase = await buy(ctx, stripe, buyer, [singleLine(runner._id)], webhookUrl);
    const dispute = await stripe.fake.openDispute(purchase.transactionId);
    const refund = () =>
      injectAs(ctx, admin, {
        method: 'POST',
        url: '/api/purchase/refund',
        payload: { purchaseId: purchase._id, productId: runner._id, reason: 'The archive does not build' },
      });

    const whileOpen = await refund();
    expect([whileOpen.statusCode, whileOpen.json().message]).toEqual([409, REFUND_DISPUTED_MESSAGE]);
    expect(await balances(ctx, seller)).toMatchObject({ available: 0, disputed: 4999 });

    await stripe.fake.closeDispute(dispute.id, 'won');
    expect((await refund()).statusCode).toBe(200);
    expect(await balances(ctx, seller)).toMatchObject({ available: 0, disputed: 0, provider: 0 });
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('ignores a dispute on a payment the marketplace never took, answering 200', async () => {
    const { ctx, stripe, webhookUrl } = await disputedShop();
    stripe.fake.webhook.url = webhookUrl;
    const created = await fetch(`${stripe.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FAKE_STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ amount: '1500', currency: 'usd' }),
    });
    const intent = (await created.json()) as { id: string };
    stripe.succeed(intent.id);

    await stripe.fake.openDispute(intent.id);

    expect(stripe.fake.deliveries.filter((delivery) => delivery.type.startsWith('charge.dispute.')).map((d) => d.status)).toEqual([
      200, 200,
    ]);
    expect(await ctx.db.selectFrom('disputes').selectAll().execute()).toEqual([]);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });
});
