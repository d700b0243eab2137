import type { CheckoutLine, ConnectPayout, Purchase } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buyThroughStripe, onboardWithStripe, openIntent, reviewFirstSale, singleLine } from '../../test/commerce.js';
import { deliver, fundThroughStripe, quoted, reskinAsked, stepped } from '../../test/custom-work.js';
import { buildCatalogueApp, sellerWithTwoProducts } from '../../test/factories.js';
import { FAKE_STRIPE_SECRET_KEY, type FakeStripe, startFakeStripe } from '../../test/fake-stripe.js';
import { injectAs, type TestContext, type TestUser } from '../../test/helper.js';
import { DAY_MS } from '../../platform/clock.js';
import { connectPayoutReversedOf } from '../ledger/index.js';
import { describeDifference } from './differences.js';

/** Sellers paid through Stripe Connect as soon as a sale is made (no refund window), so a test pays out at once. */
const CONNECT = { PAYOUT_MODE: 'connect', PAYOUT_HOLD_DAYS: '0' };

async function stripeShop(env: Record<string, string> = {}) {
  const stripe = await startFakeStripe();
  const ctx = await buildCatalogueApp({ ...stripe.env(), ...env });
  // Stripe dates its balance transactions by the same clock as the app dates the ledger.
  stripe.fake.useClock(() => ctx.clock.now());
  const cast = await sellerWithTwoProducts(ctx);
  const buy = (lines: CheckoutLine[]) => buyThroughStripe(ctx, stripe, cast.buyer, lines);
  return { ctx, stripe, ...cast, buy };
}

const refund = (ctx: TestContext, admin: TestUser, purchase: Purchase, productId: string) =>
  injectAs(ctx, admin, {
    method: 'POST',
    url: '/api/purchase/refund',
    payload: { purchaseId: purchase._id, productId, reason: 'Does not build' },
  });

/** The day the test clock stands in: [midnight, next midnight). */
function today(ctx: TestContext): [Date, Date] {
  const start = new Date(Math.floor(ctx.clock.now().getTime() / DAY_MS) * DAY_MS);
  return [start, new Date(start.getTime() + DAY_MS)];
}

describe("reconciling the ledger with Stripe's balance transactions", () => {
  it('finds no difference when every charge and refund was recorded as Stripe made it', async () => {
    const { ctx, admin, runner, puzzle, buy } = await stripeShop();
    const first = await buy([singleLine(runner._id), singleLine(puzzle._id)]);
    await buy([singleLine(puzzle._id)]);
    expect((await refund(ctx, admin, first, runner._id)).statusCode).toBe(200);

    expect(await ctx.services.providerComparison.differences(...today(ctx))).toEqual([]);
  });

  it('names a refund made in the dashboard before its webhook arrived, and a charge the ledger never recorded', async () => {
    const { ctx, stripe, buyer, runner, puzzle, buy } = await stripeShop();
    const purchase = await buy([singleLine(runner._id)]);
    const dashboardRefund = await stripe.refundThroughStripe(purchase.transactionId, 1000);
    // Paid at Stripe, but the page never came back and no webhook reached us.
    const unrecorded = await openIntent(ctx, buyer, [singleLine(puzzle._id)]);
    await stripe.payWithCard(unrecorded.paymentIntentId);

    expect(await ctx.services.providerComparison.differences(...today(ctx))).toEqual([
      { key: `charge:${unrecorded.paymentIntentId}`, ledgerCents: 0, providerCents: 4999 },
      { key: `refund:${dashboardRefund.id}`, ledgerCents: 0, providerCents: -1000 },
    ]);
  });

  it('reads only the window asked for, and has nothing to compare with simulated payments', async () => {
    const { ctx, stripe, buyer, runner } = await stripeShop();
    const unrecorded = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    await stripe.payWithCard(unrecorded.paymentIntentId);
    const [start, end] = today(ctx);

    expect(await ctx.services.providerComparison.differences(start, end)).toHaveLength(1);
    expect(await ctx.services.providerComparison.differences(new Date(start.getTime() - DAY_MS), start)).toEqual([]);
    expect(await ctx.services.providerComparison.differences(end, new Date(end.getTime() + DAY_MS))).toEqual([]);
    const simulated = await buildCatalogueApp();
    expect(await simulated.services.providerComparison.differences(...today(simulated))).toBeNull();
  });
});

/** A shop paying sellers through Connect, whose seller has sold Space Runner ($49.99) and been paid $45.99 by a transfer. */
async function paidOutShop() {
  const shop = await stripeShop(CONNECT);
  const { ctx, stripe, admin, seller, runner, buy } = shop;
  const accountId = await onboardWithStripe(ctx, stripe, seller);
  const purchase = await buy([singleLine(runner._id)]);
  await reviewFirstSale(ctx, admin, seller);
  await ctx.services.ledger.matureDue();
  const paid = await injectAs(ctx, seller, { method: 'POST', url: '/api/payout/transfer' });
  const payout = paid.json() as ConnectPayout;
  expect(payout).toMatchObject({ status: 'transferred', net: 45.99 });
  return { ...shop, accountId, purchase, payout, transferId: payout.transferId! };
}

/** A transfer made by hand in Stripe's dashboard, over its API: nothing of ours asked for it. */
async function transferInDashboard(stripe: FakeStripe, accountId: string, cents: number): Promise<string> {
  const response = await fetch(`${stripe.url}/v1/transfers`, {
    method: 'POST',
    headers: { authorization: `Bearer ${FAKE_STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ amount: String(cents), currency: 'usd', destination: accountId }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

describe("reconciling payouts through Stripe Connect with Stripe's transfers and their reversals", () => {
  it("matches a payout's transfer, and the reversal a refund after it made, each by Stripe's own id", async () => {
    const { ctx, admin, purchase, runner, stripe, transferId } = await paidOutShop();
    expect((await refund(ctx, admin, purchase, runner._id)).statusCode).toBe(200);
    const [reversal] = stripe.fake.transfers.get(transferId)!.reversals.data;

    const compared = await ctx.services.providerComparison.compare(...today(ctx));

    expect(reversal).toMatchObject({ amount: 4599 });
    // The charge, the transfer, the refund and the reversal: each found in the ledger to the cent.
    expect(compared).toEqual({ differences: [], providerTransactions: 4 });
  });

  it('reports a transfer and a reversal made in Stripe’s dashboard, which the ledger never recorded', async () => {
    const { ctx, stripe, accountId, transferId, puzzle, buy } = await paidOutShop();
    await buy([singleLine(puzzle._id)]);
    const byHand = await transferInDashboard(stripe, accountId, 1000);
    const reversal = await stripe.fake.reverseInDashboard(transferId, 500);

    expect(await ctx.services.providerComparison.differences(...today(ctx))).toEqual([
      { key: `transfer:${byHand}`, ledgerCents: 0, providerCents: -1000 },
      { key: `transfer_refund:${reversal.id}`, ledgerCents: 0, providerCents: 500 },
    ]);
  });

  it('reports a transfer and a reversal whose amounts differ from Stripe’s by a cent, under Stripe’s ids', async () => {
    const { ctx, stripe, seller, payout, transferId } = await paidOutShop();
    const reversal = await stripe.fake.reverseInDashboard(transferId, 500);
    // A bug's entries, played by hand: the payout recorded a cent more than Stripe sent, and its
    // reversal a cent less than Stripe took back.
    await ctx.services.ledger.post(ctx.db, {
      kind: 'payout',
      postings: [
        { account: 'payouts:connect', amountCents: -1 },
        { account: 'provider:stripe', amountCents: 1 },
      ],
      links: { withdrawalId: payout._id },
    });
    await ctx.services.ledger.post(ctx.db, connectPayoutReversedOf(payout._id, seller._id, 499, 499, 'stripe'));

    expect(await ctx.services.providerComparison.differences(...today(ctx))).toEqual([
      { key: `transfer:${transferId}`, ledgerCents: -4600, providerCents: -4599 },
      { key: `transfer_refund:${reversal.id}`, ledgerCents: 499, providerCents: 500 },
    ]);
  });

  it('reports a reversal the ledger recorded that Stripe never made, and keeps the one Stripe made matched', async () => {
    const { ctx, admin, seller, purchase, runner, payout, transferId } = await paidOutShop();
    expect((await refund(ctx, admin, purchase, runner._id)).statusCode).toBe(200);
    await ctx.services.ledger.post(ctx.db, connectPayoutReversedOf(payout._id, seller._id, 1, 1, 'stripe'));

    expect(await ctx.services.providerComparison.differences(...today(ctx))).toEqual([
      { key: `reversal claim:${transferId}`, ledgerCents: 1, providerCents: 0 },
    ]);
  });
});

describe('reconciling a dispute that closes in a later window than it opened', () => {
  it('lists it open in the window it opened in, and finds it matched in the window it was won or lost in', async () => {
    const { ctx, stripe, runner, puzzle, buy } = await stripeShop();
    const won = await buy([singleLine(runner._id)]);
    const lost = await buy([singleLine(puzzle._id)]);
    // The disputes' webhooks reach the app as Stripe's would.
    const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    stripe.fake.webhook.url = `${address}/api/payment/webhook`;
    const first = await stripe.fake.openDispute(won.transactionId);
    const second = await stripe.fake.openDispute(lost.transactionId);
    const openedOn = today(ctx);

    // Opened: Stripe took the money, the ledger keeps it apart until the bank rules.
    expect(await ctx.services.providerComparison.differences(...openedOn)).toEqual(
      [
        { key: `adjustment:${first.id}`, ledgerCents: 0, providerCents: -4999 },
        { key: `adjustment:${second.id}`, ledgerCents: 0, providerCents: -4999 },
      ].sort((a, b) => (a.key < b.key ? -1 : 1)),
    );

    ctx.clock.advance(7 * DAY_MS);
    await stripe.fake.closeDispute(first.id, 'won');
    await stripe.fake.closeDispute(second.id, 'lost');

    // Closed: Stripe's reinstatement (won) and the ledger's loss (lost) alone in this window, each whole with what came before.
    expect(await ctx.services.providerComparison.differences(...today(ctx))).toEqual([]);
    // And the day it opened, compared again, is settled too.
    expect(await ctx.services.providerComparison.differences(...openedOn)).toEqual([]);
  });
});

/** A custom work order of $100.01 paid through Stripe, delivered, and disputed by its buyer: an admin's 60/40 split is next. */
async function disputedCustomWork() {
  const stripe = await startFakeStripe();
  const ctx = await buildCatalogueApp(stripe.env());
  stripe.fake.useClock(() => ctx.clock.now());
  const { admin, seller, buyer, product } = await reskinAsked(ctx);
  const work = await quoted(ctx, seller, { buyerId: buyer._id, productId: product._id, priceCents: 10_001 });
  await stepped(ctx, buyer, work._id, 'accept');
  const intentId = await fundThroughStripe(ctx, stripe, buyer, work._id);
  expect((await deliver(ctx, seller, work._id)).statusCode).toBe(201);
  await stepped(ctx, buyer, work._id, 'dispute', { reason: 'Half the levels still have the old art' });
  const split = () => stepped(ctx, admin, work._id, 'resolve', { outcome: 'split', sellerPercent: 60, note: 'Half delivered' });
  return { ctx, stripe, work, intentId, split };
}

describe('reconciling custom work, whose refunds give escrowed money back under the charge that funded it', () => {
  it('finds the refund of a 60/40 split under Stripe’s refund, apart from the charge, and no difference', async () => {
    const { ctx, stripe, work, intentId, split } = await disputedCustomWork();
    await split();

    expect(stripe.refunds).toEqual([
      expect.objectContaining({ payment_intent: intentId, amount: 4_001, metadata: { customWorkId: work._id, milestone: '0' } }),
    ]);
    // Stripe's charge of $100.01 and its refund of $40.01, each found in the ledger to the cent.
    expect(await ctx.services.providerComparison.compare(...today(ctx))).toEqual({ differences: [], providerTransactions: 2 });
  });

  it('names a refund Stripe has not made yet by the key it will be asked with, until the next round makes it', async () => {
    const { ctx, stripe, work, intentId, split } = await disputedCustomWork();
    // Stripe refuses the refund asked right after the split, as for a charge still settling.
    stripe.intents.get(intentId)!.status = 'processing';
    await split();
    stripe.intents.get(intentId)!.status = 'succeeded';
    const claimed = await ctx.services.providerComparison.differences(...today(ctx));
    const made = await ctx.services.customWork.makeOwedRefunds();

    expect(claimed).toEqual([{ key: `refund claim:custom-work-${work._id}-0`, ledgerCents: -4_001, providerCents: 0 }]);
    expect(describeDifference(claimed![0]!)).toMatchObject({
      providerId: `custom-work-${work._id}-0`,
      kind: 'refund_claim',
      meaning: expect.stringMatching(/^A custom work refund the ledger has given back from escrow/),
    });
    expect(made).toBe(1);
    expect(await ctx.services.providerComparison.differences(...today(ctx))).toEqual([]);
  });
});
