import {
  type ConnectPayout,
  NOTHING_TO_PAY_OUT_MESSAGE,
  PAYOUT_ACCOUNT_NOT_READY_MESSAGE,
  PAYOUTS_NOT_ENABLED_MESSAGE,
  type Purchase,
} from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buyThroughStripe, multiLine, onboardWithStripe, reviewFirstSale, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, buildTwoCatalogueApps, sellerWithTwoProducts } from '../../test/factories.js';
import { FAKE_STRIPE_SECRET_KEY, type FakeStripe, startFakeStripe } from '../../test/fake-stripe.js';
import { injectAs, type TestContext, type TestUser } from '../../test/helper.js';
import { receiver } from '../../test/webhook-receiver.js';
import { DAY_MS } from '../../platform/clock.js';
import { providerAccount, sellerAccount } from '../ledger/index.js';

const CONNECT = { PAYOUT_MODE: 'connect', PAYOUT_HOLD_DAYS: '7', PAYOUT_SCHEDULE: 'weekly' };
const CLEAN = { unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] };

async function connectShop(env: Record<string, string> = CONNECT) {
  const stripe = await startFakeStripe();
  const ctx = await buildCatalogueApp({ ...stripe.env(), ...env });
  stripe.fake.useClock(() => ctx.clock.now());
  return { ctx, stripe, ...(await sellerWithTwoProducts(ctx)) };
}

const payOut = (ctx: TestContext, seller: TestUser) => injectAs(ctx, seller, { method: 'POST', url: '/api/payout/transfer' });

const refund = (ctx: TestContext, admin: TestUser, purchase: Purchase, productId: string) =>
  injectAs(ctx, admin, {
    method: 'POST',
    url: '/api/purchase/refund',
    payload: { purchaseId: purchase._id, productId, reason: 'The archive does not build' },
  });

describe('payouts through Stripe Connect', () => {
  it('sends the balance less the 8% fee once the refund window has passed, and nothing twice', async () => {
    const { ctx, stripe, admin, seller, buyer, runner } = await connectShop();
    const accountId = await onboardWithStripe(ctx, stripe, seller);
    await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);
    await reviewFirstSale(ctx, admin, seller);

    const tooEarly = await payOut(ctx, seller);
    expect([tooEarly.statusCode, tooEarly.json().message]).toEqual([409, NOTHING_TO_PAY_OUT_MESSAGE]);

    ctx.clock.advance(7 * DAY_MS);
    await ctx.services.ledger.matureDue();
    const paid = await payOut(ctx, seller);
    const again = await payOut(ctx, seller);

    expect(paid.statusCode).toBe(200);
    const payout = paid.json() as ConnectPayout;
    expect(payout).toMatchObject({ amount: 49.99, fee: 4, net: 45.99, status: 'transferred', failure: null });
    expect([...stripe.fake.transfers.values()]).toEqual([
      expect.objectContaining({ id: payout.transferId, amount: 4599, destination: accountId, transfer_group: payout._id }),
    ]);
    expect([again.statusCode, again.json().message]).toEqual([409, NOTHING_TO_PAY_OUT_MESSAGE]);
    expect(await ctx.services.ledger.balanceOf(sellerAccount(seller._id))).toBe(0);
    expect(await ctx.services.ledger.balanceOf('payouts:connect')).toBe(0);
    expect(await ctx.services.ledger.balanceOf('platform:fees')).toBe(400);
    // Stripe holds for us what the buyer paid less what it sent the seller.
    expect(await ctx.services.ledger.balanceOf(providerAccount('stripe'))).toBe(-400);
    expect((await injectAs(ctx, seller, { method: 'GET', url: '/api/payout/transfers' })).json()).toEqual([payout]);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);

    // The seller's statement reads the sale made available after the refund window, then the payout.
    const statement = await injectAs(ctx, seller, { method: 'GET', url: '/api/user/statement' });
    expect(statement.statusCode).toBe(200);
    expect(statement.json().entries).toMatchObject([
      { kind: 'withdrawal', amountCents: -4999, balanceCents: 0 },
      { kind: 'maturity', title: 'Space Runner', amountCents: 4999, balanceCents: 4999 },
    ]);
  });

  it("tells the seller's webhook endpoint of the transfer with payout.paid, in cents, once", async () => {
    const { ctx, stripe, admin, seller, buyer, runner } = await connectShop({ ...CONNECT, WEBHOOK_ALLOW_PRIVATE: 'true' });
    const hook = await receiver();
    const registered = await injectAs(ctx, seller, {
      method: 'POST',
      url: '/api/webhooks/endpoints',
      payload: { url: hook.url, events: ['payout.paid'] },
    });
    expect(registered.statusCode).toBe(201);
    await onboardWithStripe(ctx, stripe, seller);
    await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);
    await reviewFirstSale(ctx, admin, seller);
    ctx.clock.advance(7 * DAY_MS);
    await ctx.services.ledger.matureDue();

    const payout = (await payOut(ctx, seller)).json() as ConnectPayout;
    await payOut(ctx, seller);
    await ctx.services.webhooks.settled();

    expect(hook.hits.map((hit) => JSON.parse(hit.body) as unknown)).toEqual([
      {
        type: 'payout.paid',
        timestamp: ctx.clock.now().toISOString(),
        data: {
          payoutId: payout._id,
          method: 'stripe_connect',
          amount: { cents: 4999, currency: 'usd' },
          fee: { cents: 400, currency: 'usd' },
          paid: { cents: 4599, currency: 'usd' },
          paidAt: ctx.clock.now().toISOString(),
        },
      },
    ]);
  });

  it('refuses before Stripe lets the platform send the seller money, and in manual mode', async () => {
    const { ctx, stripe, admin, seller, buyer, runner } = await connectShop({ ...CONNECT, PAYOUT_HOLD_DAYS: '0' });
    await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);
    await reviewFirstSale(ctx, admin, seller);
    await ctx.services.ledger.matureDue();

    const notReady = await payOut(ctx, seller);
    expect([notReady.statusCode, notReady.json().message]).toEqual([409, PAYOUT_ACCOUNT_NOT_READY_MESSAGE]);

    const manual = await connectShop({});
    const refused = await payOut(manual.ctx, manual.seller);
    expect([refused.statusCode, refused.json().message]).toEqual([409, PAYOUTS_NOT_ENABLED_MESSAGE]);
    expect(stripe.fake.transfers.size + manual.stripe.fake.transfers.size).toBe(0);
  });

  it("gives the balance back when Stripe refuses the transfer, and says Stripe's reason", async () => {
    const { ctx, stripe, admin, seller, buyer, runner } = await connectShop({ ...CONNECT, PAYOUT_HOLD_DAYS: '0' });
    await onboardWithStripe(ctx, stripe, seller);
    const purchase = await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);
    await reviewFirstSale(ctx, admin, seller);
    await ctx.services.ledger.matureDue();
    // Refunded in Stripe's dashboard, its webhook not yet here: the platform's Stripe balance is empty.
    await stripe.refundThroughStripe(purchase.transactionId, 4999);

    const refused = await payOut(ctx, seller);

    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({
      status: 'failed',
      transferId: null,
      failure: expect.stringMatching(/insufficient available funds/),
    });
    expect(await ctx.services.ledger.balanceOf(sellerAccount(seller._id))).toBe(4999);
    expect(await ctx.services.ledger.balanceOf('platform:fees')).toBe(0);
    expect(stripe.fake.transfers.size).toBe(0);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('pays a seller once when two instances are asked at the same moment', async () => {
    const stripe = await startFakeStripe();
    const [first, second] = await buildTwoCatalogueApps({ ...stripe.env(), ...CONNECT, PAYOUT_HOLD_DAYS: '0' });
    const { admin, seller, buyer, runner } = await sellerWithTwoProducts(first);
    await onboardWithStripe(first, stripe, seller);
    await buyThroughStripe(first, stripe, buyer, [singleLine(runner._id)]);
    await reviewFirstSale(first, admin, seller);
    await first.services.ledger.matureDue();

    const answers = await Promise.all([payOut(first, seller), payOut(second, seller)]);

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(stripe.fake.transfers.size).toBe(1);
    expect(await first.services.ledger.check()).toEqual(CLEAN);
  });

  it('pays each seller on the schedule: weekly, whatever has become available since', async () => {
    const { ctx, stripe, admin, seller, buyer, runner } = await connectShop({ ...CONNECT, PAYOUT_HOLD_DAYS: '1' });
    await onboardWithStripe(ctx, stripe, seller);
    await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);
    await reviewFirstSale(ctx, admin, seller);
    ctx.clock.advance(DAY_MS);
    await ctx.services.ledger.matureDue();
    expect(await ctx.services.connectPayouts.runRound()).toBe(1);

    await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);
    ctx.clock.advance(DAY_MS);
    await ctx.services.ledger.matureDue();
    // Available, but the week since the last payout has not come round.
    expect(await ctx.services.ledger.balanceOf(sellerAccount(seller._id))).toBe(4999);
    expect(await ctx.services.connectPayouts.runRound()).toBe(0);
    ctx.clock.advance(5 * DAY_MS - 60_000);
    expect(await ctx.services.connectPayouts.runRound()).toBe(0);
    ctx.clock.advance(DAY_MS + 60_000);
    expect(await ctx.services.connectPayouts.runRound()).toBe(1);

    expect([...stripe.fake.transfers.values()].map((transfer) => transfer.amount)).toEqual([4599, 4599]);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it("refuses while an admin holds the seller's payouts, with the hold's reason and date, and pays once it is released", async () => {
    const { ctx, stripe, admin, seller, buyer, runner } = await connectShop({ ...CONNECT, PAYOUT_HOLD_DAYS: '0' });
    await onboardWithStripe(ctx, stripe, seller);
    await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);
    await reviewFirstSale(ctx, admin, seller);
    await ctx.services.ledger.matureDue();
    const hold = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/payout/holds',
      payload: { sellerId: seller._id, reasonCode: 'identity_check', needed: 'Upload a photo of your passport.', reviewBy: '2026-02-01' },
    });
    expect(hold.statusCode).toBe(201);

    const refused = await payOut(ctx, seller);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      'Your payouts are on hold (Identity check) until 2026-02-01: Upload a photo of your passport.',
    ]);
    expect(await ctx.services.connectPayouts.runRound()).toBe(0);

    expect((await injectAs(ctx, admin, { method: 'DELETE', url: `/api/payout/holds/${hold.json()._id}` })).statusCode).toBe(200);
    expect((await payOut(ctx, seller)).json().status).toBe('transferred');
    expect(stripe.fake.transfers.size).toBe(1);
  });

  it('tells the seller what is available, what matures and when, and where their Stripe account stands', async () => {
    const { ctx, stripe, admin, seller, buyer, runner } = await connectShop();
    await onboardWithStripe(ctx, stripe, seller);
    await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);
    await reviewFirstSale(ctx, admin, seller);
    ctx.clock.advance(DAY_MS);
    await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);

    const status = (await injectAs(ctx, seller, { method: 'GET', url: '/api/payout/status' })).json();
    expect(status).toEqual({
      mode: 'connect',
      availableCents: 0,
      maturingCents: 9998,
      maturing: [
        { cents: 4999, availableOn: '2026-01-22' },
        { cents: 4999, availableOn: '2026-01-23' },
      ],
      holds: [],
      account: { state: 'enabled', requirementsDue: [], disabledReason: null },
    });
  });

  it('takes a refund after the payout back from the transfer: the net by a reversal, the fee from the platform', async () => {
    const { ctx, stripe, admin, seller, buyer, runner } = await connectShop({ ...CONNECT, PAYOUT_HOLD_DAYS: '0' });
    await onboardWithStripe(ctx, stripe, seller);
    const purchase = await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);
    await reviewFirstSale(ctx, admin, seller);
    await ctx.services.ledger.matureDue();
    const payout = (await payOut(ctx, seller)).json() as ConnectPayout;

    expect((await refund(ctx, admin, purchase, runner._id)).statusCode).toBe(200);

    expect(stripe.fake.transfers.get(payout.transferId!)!.amount_reversed).toBe(4599);
    expect(await ctx.services.ledger.balanceOf(sellerAccount(seller._id))).toBe(0);
    expect(await ctx.services.ledger.balanceOf('platform:fees')).toBe(0);
    // The buyer's money went back through Stripe, the seller's through the reversal: Stripe holds nothing for us.
    expect(await ctx.services.ledger.balanceOf(providerAccount('stripe'))).toBe(0);
    expect(await ctx.services.connectPayouts.recoverShortfall(seller._id)).toBe(0);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('leaves the balance below zero when Stripe refuses the reversal, and nets it from the next payout', async () => {
    const { ctx, stripe, admin, seller, buyer, runner } = await connectShop({ ...CONNECT, PAYOUT_HOLD_DAYS: '0' });
    await onboardWithStripe(ctx, stripe, seller);
    const purchase = await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);
    await reviewFirstSale(ctx, admin, seller);
    await ctx.services.ledger.matureDue();
    const payout = (await payOut(ctx, seller)).json() as ConnectPayout;
    // Taken back in Stripe's dashboard already, its webhook not here: Stripe refuses to reverse it again.
    await stripe.fake.reverseInDashboard(payout.transferId!);

    expect((await refund(ctx, admin, purchase, runner._id)).statusCode).toBe(200);
    expect(await ctx.services.ledger.balanceOf(sellerAccount(seller._id))).toBe(-4999);

    await buyThroughStripe(ctx, stripe, buyer, [multiLine(runner._id)]);
    await ctx.services.ledger.matureDue();
    const next = (await payOut(ctx, seller)).json() as ConnectPayout;
    expect(next).toMatchObject({ amount: 99.01, status: 'transferred' });
    expect(stripe.fake.transfers.get(next.transferId!)!.amount).toBe(9109);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });
});

/** The shop listening, so the fake Stripe posts its signed webhooks (transfer.reversed among them) to it from now on. */
async function listen(ctx: TestContext, stripe: FakeStripe) {
  const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  stripe.fake.webhook.url = `${address}/api/payment/webhook`;
}

/** A Stripe API call made by hand, as the dashboard or a crashed attempt of ours would have made it. */
async function callStripe(stripe: FakeStripe, path: string, form: Record<string, string>) {
  const response = await fetch(`${stripe.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${FAKE_STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string };
}

const entryCount = async (ctx: TestContext) =>
  Number(
    (
      await ctx.db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const reversalsRecorded = (ctx: TestContext) =>
  ctx.db
    .selectFrom('connect_transfer_reversals')
    .select(['id', 'payout_id', 'gross_cents', 'net_cents', 'origin'])
    .orderBy('recorded_at')
    .execute();

/** A seller paid once through Stripe: a $49.99 sale, matured, its first-sale hold reviewed, sent as a $45.99 transfer. */
async function paidSeller() {
  const shop = await connectShop({ ...CONNECT, PAYOUT_HOLD_DAYS: '0' });
  const { ctx, stripe, admin, seller, buyer, runner } = shop;
  await onboardWithStripe(ctx, stripe, seller);
  const purchase = await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);
  await reviewFirstSale(ctx, admin, seller);
  await ctx.services.ledger.matureDue();
  const payout = (await payOut(ctx, seller)).json() as ConnectPayout;
  expect(payout).toMatchObject({ amount: 49.99, net: 45.99, status: 'transferred' });
  return { ...shop, purchase, payout };
}

describe("Stripe's transfer.reversed", () => {
  it("records a reversal made in Stripe's dashboard once: the payout undone, its net from Stripe and its fee from the platform", async () => {
    const { ctx, stripe, seller, payout } = await paidSeller();
    await listen(ctx, stripe);

    const reversal = await stripe.fake.reverseInDashboard(payout.transferId!);

    expect(stripe.fake.deliveries.filter((delivery) => delivery.type === 'transfer.reversed').map((delivery) => delivery.status)).toEqual([
      200,
    ]);
    expect(await ctx.services.ledger.balanceOf(sellerAccount(seller._id))).toBe(4999);
    expect(await ctx.services.ledger.balanceOf('platform:fees')).toBe(0);
    // The seller's $45.99 is back in the platform's Stripe balance, with the buyer's $49.99.
    expect(await ctx.services.ledger.balanceOf(providerAccount('stripe'))).toBe(-4999);
    expect(await reversalsRecorded(ctx)).toEqual([
      { id: reversal.id, payout_id: payout._id, gross_cents: 4999, net_cents: 4599, origin: 'dashboard' },
    ]);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);

    // A replay writes nothing.
    const entries = await entryCount(ctx);
    const event = stripe.fake.events.find((candidate) => candidate.type === 'transfer.reversed')!;
    expect((await stripe.fake.redeliver(event.id)).status).toBe(200);
    expect(await entryCount(ctx)).toBe(entries);
    expect(await reversalsRecorded(ctx)).toHaveLength(1);

    // What came back is the seller's again: the next payout sends it.
    expect((await payOut(ctx, seller)).json()).toMatchObject({ amount: 49.99, net: 45.99, status: 'transferred' });
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('records a dashboard reversal once when three deliveries of its event arrive at the same moment', async () => {
    const { ctx, stripe, seller, payout } = await paidSeller();
    await listen(ctx, stripe);
    const webhookUrl = stripe.fake.webhook.url!;
    stripe.fake.webhook.url = null;
    await stripe.fake.reverseInDashboard(payout.transferId!, 99);
    const event = stripe.fake.events.find((candidate) => candidate.type === 'transfer.reversed')!;

    const answers = await Promise.all([1, 2, 3].map(() => stripe.fake.redeliver(event.id, { url: webhookUrl })));

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    // $0.99 of the $45.99 sent undoes $1.08 of the $49.99 payout: $0.09 of it was the fee.
    expect(await reversalsRecorded(ctx)).toEqual([expect.objectContaining({ gross_cents: 108, net_cents: 99, origin: 'dashboard' })]);
    expect(await ctx.services.ledger.balanceOf(sellerAccount(seller._id))).toBe(108);
    expect(await ctx.services.ledger.balanceOf('platform:fees')).toBe(391);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it("writes nothing for our own reversal's echo, and takes a later refund back from what the dashboard left", async () => {
    const { ctx, stripe, admin, seller, runner, purchase, payout } = await paidSeller();
    await listen(ctx, stripe);
    await stripe.fake.reverseInDashboard(payout.transferId!, 99);

    expect((await refund(ctx, admin, purchase, runner._id)).statusCode).toBe(200);
    await stripe.fake.settled();

    const echoes = stripe.fake.deliveries.filter((delivery) => delivery.type === 'transfer.reversed');
    expect(echoes.map((delivery) => delivery.status)).toEqual([200, 200]);
    expect(stripe.fake.transfers.get(payout.transferId!)!.amount_reversed).toBe(4599);
    expect((await reversalsRecorded(ctx)).map((row) => [row.origin, row.gross_cents, row.net_cents])).toEqual([
      ['dashboard', 108, 99],
      ['payouts', 4891, 4500],
    ]);
    expect(await ctx.services.ledger.balanceOf(sellerAccount(seller._id))).toBe(0);
    expect(await ctx.services.ledger.balanceOf('platform:fees')).toBe(0);
    expect(await ctx.services.ledger.balanceOf(providerAccount('stripe'))).toBe(0);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('records our own reversal from its echo when the attempt that asked Stripe stopped before recording it', async () => {
    const { ctx, stripe, seller, payout } = await paidSeller();
    await listen(ctx, stripe);

    // What a refund's recovery sends Stripe, cut short by a crash before its own recording.
    const reversal = await callStripe(stripe, `/v1/transfers/${payout.transferId}/reversals`, {
      amount: '4599',
      'metadata[payoutId]': payout._id,
      'metadata[sellerId]': seller._id,
      'metadata[grossCents]': '4999',
    });
    await stripe.fake.settled();

    expect(await reversalsRecorded(ctx)).toEqual([
      { id: reversal.id, payout_id: payout._id, gross_cents: 4999, net_cents: 4599, origin: 'payouts' },
    ]);
    expect(await ctx.services.ledger.balanceOf(sellerAccount(seller._id))).toBe(4999);
    expect(await ctx.services.connectPayouts.recoverShortfall(seller._id)).toBe(0);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('acknowledges the reversal of a transfer that is no payout of ours and writes nothing', async () => {
    const { ctx, stripe } = await paidSeller();
    await listen(ctx, stripe);
    const [account] = [...stripe.fake.accounts.keys()];
    stripe.fake.addAvailableBalance(1000);
    const transfer = await callStripe(stripe, '/v1/transfers', { amount: '500', currency: 'usd', destination: account! });
    const entries = await entryCount(ctx);

    await stripe.fake.reverseInDashboard(transfer.id);

    expect(stripe.fake.deliveries.filter((delivery) => delivery.type === 'transfer.reversed').map((delivery) => delivery.status)).toEqual([
      200,
    ]);
    expect(await entryCount(ctx)).toBe(entries);
    expect(await reversalsRecorded(ctx)).toEqual([]);
  });
});
