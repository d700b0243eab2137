import type { CheckoutLine, PayoutHold, PayoutStatus, Purchase } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buyThroughStripe, onboardWithStripe, openIntent, postPurchaseDetail, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, buildTwoCatalogueApps, createApprovedProduct, sellerWithTwoProducts } from '../../test/factories.js';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.js';
import { createUser, injectAs, stepUpWithPassword, type TestContext, type TestUser } from '../../test/helper.js';
import { DAY_MS } from '../../platform/clock.js';
import { CHARGEBACK_WON_NOTE, chargebackNeeded, FIRST_SALE_NEEDED } from './index.js';

const CONNECT = { PAYOUT_MODE: 'connect', PAYOUT_HOLD_DAYS: '7', PAYOUT_SCHEDULE: 'weekly' };
const CLEAN = { unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] };

/** The shop taking cards through the fake Stripe, listening so the fake can post its signed webhooks; sellers paid as `env` says. */
async function shop(env: Record<string, string> = {}) {
  const stripe = await startFakeStripe();
  const ctx = await buildCatalogueApp({ ...stripe.env(), ...env });
  const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  stripe.fake.useClock(() => ctx.clock.now());
  return { ctx, stripe, webhookUrl: `${address}/api/payment/webhook`, ...(await sellerWithTwoProducts(ctx)) };
}

/** A purchase paid at the fake Stripe and recorded as the checkout page records it; from then on Stripe's webhooks flow. */
async function buy(ctx: TestContext, stripe: FakeStripe, buyer: TestUser, lines: CheckoutLine[], webhookUrl: string) {
  // Not buyThroughStripe once webhooks flow: the webhook may record the purchase before the page does.
  const intent = await openIntent(ctx, buyer, lines);
  await stripe.payWithCard(intent.paymentIntentId);
  const purchase = (await postPurchaseDetail(ctx, buyer, intent.paymentIntentId)).json().purchase as Purchase;
  await stripe.fake.settled();
  stripe.fake.webhook.url = webhookUrl;
  return purchase;
}

const holdsOf = async (ctx: TestContext, admin: TestUser, sellerId: string) =>
  (await injectAs(ctx, admin, { method: 'GET', url: `/api/payout/holds?sellerId=${sellerId}` })).json() as PayoutHold[];
const statusOf = async (ctx: TestContext, user: TestUser) =>
  (await injectAs(ctx, user, { method: 'GET', url: '/api/payout/status' })).json() as PayoutStatus;
const release = (ctx: TestContext, admin: TestUser, id: string) =>
  injectAs(ctx, admin, { method: 'DELETE', url: `/api/payout/holds/${id}` });
const payOut = (ctx: TestContext, seller: TestUser) => injectAs(ctx, seller, { method: 'POST', url: '/api/payout/transfer' });
/** Days pass in these tests: the seller confirms their password again first, as the site would ask (docs/decisions/0016). */
const withdraw = async (ctx: TestContext, seller: TestUser, withdrawAmount: number) => {
  await stepUpWithPassword(ctx, seller);
  return injectAs(ctx, seller, {
    method: 'POST',
    url: '/api/withdraw/withdrawDetil',
    payload: { email: 'payout@example.com', withdrawAmount },
  });
};
const holdMails = async (ctx: TestContext, user: TestUser) =>
  (
    await ctx.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('to_address', '=', user.email)
      .where((eb) => eb.or([eb('subject', 'like', 'Your payouts are on hold%'), eb('subject', 'like', 'The hold on your payouts%')]))
      .orderBy('created_at')
      .execute()
  ).map((mail) => mail.subject);

describe('the first-sale rule', () => {
  it("holds a seller's first payout through Connect once, to be reviewed the day that sale's refund window ends", async () => {
    const { ctx, stripe, admin, seller, buyer, runner, puzzle } = await shop(CONNECT);
    await onboardWithStripe(ctx, stripe, seller);

    await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);
    // Sold at 2026-01-15T10:00Z; PAYOUT_HOLD_DAYS later the sale matures.
    const holds = await holdsOf(ctx, admin, seller._id);
    expect(holds).toEqual([
      expect.objectContaining({
        sellerId: seller._id,
        reasonCode: 'first_sale',
        reason: 'First sale review',
        needed: FIRST_SALE_NEEDED,
        reviewBy: '2026-01-22',
        heldBy: null,
        releasedAt: null,
      }),
    ]);
    expect((await statusOf(ctx, seller)).holds).toEqual([expect.objectContaining({ reasonCode: 'first_sale', reviewBy: '2026-01-22' })]);
    expect(await holdMails(ctx, seller)).toEqual(['Your payouts are on hold: First sale review']);

    // A second sale, another buyer's, a day later: no second hold.
    ctx.clock.advance(DAY_MS);
    await buyThroughStripe(ctx, stripe, await createUser(ctx), [singleLine(puzzle._id)]);
    expect(await holdsOf(ctx, admin, seller._id)).toHaveLength(1);

    // Matured, the first payout waits for the review: refused with the reason and the date, and the round sends nothing.
    ctx.clock.advance(7 * DAY_MS);
    await ctx.services.ledger.matureDue();
    const refused = await payOut(ctx, seller);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      `Your payouts are on hold (First sale review) until 2026-01-22: ${FIRST_SALE_NEEDED}`,
    ]);
    const withdrawal = await withdraw(ctx, seller, 1);
    expect([withdrawal.statusCode, withdrawal.json().message]).toEqual([409, refused.json().message]);
    expect(await ctx.services.connectPayouts.runRound()).toBe(0);
    expect(stripe.fake.transfers.size).toBe(0);

    // Reviewed and released: the payout goes, and no later sale holds the seller for this again.
    expect((await release(ctx, admin, holds[0]!._id)).statusCode).toBe(200);
    expect((await payOut(ctx, seller)).json()).toMatchObject({ status: 'transferred', amount: 99.98 });
    await buyThroughStripe(ctx, stripe, buyer, [singleLine(puzzle._id)]);
    expect((await holdsOf(ctx, admin, seller._id)).map((hold) => [hold.reasonCode, hold.releasedAt === null])).toEqual([
      ['first_sale', false],
    ]);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('holds each seller of a cart once, and no seller who had sold before', async () => {
    const { ctx, stripe, admin, seller, buyer, runner } = await shop(CONNECT);
    const other = await createUser(ctx, { name: 'Other Studio' });
    const racer = await createApprovedProduct(ctx, other, admin, { title: JSON.stringify({ en: 'Kart Racer' }) });
    await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);
    ctx.clock.advance(60_000);

    await buyThroughStripe(ctx, stripe, await createUser(ctx), [singleLine(runner._id), singleLine(racer._id)]);

    expect((await holdsOf(ctx, admin, seller._id)).map((hold) => hold.reasonCode)).toEqual(['first_sale']);
    expect((await holdsOf(ctx, admin, other._id)).map((hold) => hold.reasonCode)).toEqual(['first_sale']);
  });

  it('places one hold when two first sales of a seller are recorded at the same moment on two instances', async () => {
    const stripe = await startFakeStripe();
    const [first, second] = await buildTwoCatalogueApps({ ...stripe.env(), ...CONNECT });
    stripe.fake.useClock(() => first.clock.now());
    const { admin, seller, buyer, runner, puzzle } = await sellerWithTwoProducts(first);
    const otherBuyer = await createUser(first);
    const intents = [
      await openIntent(first, buyer, [singleLine(runner._id)]),
      await openIntent(first, otherBuyer, [singleLine(puzzle._id)]),
    ];
    for (const intent of intents) await stripe.payWithCard(intent.paymentIntentId);

    const answers = await Promise.all([
      postPurchaseDetail(first, buyer, intents[0]!.paymentIntentId),
      postPurchaseDetail(second, otherBuyer, intents[1]!.paymentIntentId),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
    expect((await holdsOf(first, admin, seller._id)).map((hold) => hold.reasonCode)).toEqual(['first_sale']);
  });

  it('holds nothing with manual payouts, where an admin pays every withdrawal by hand (docs/product-spec.md)', async () => {
    const { ctx, stripe, admin, seller, buyer, runner } = await shop();

    await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);

    expect(await holdsOf(ctx, admin, seller._id)).toEqual([]);
    expect((await withdraw(ctx, seller, 20)).statusCode).toBe(201);
  });
});

describe('the chargeback rule', () => {
  it('holds the seller once when a dispute opens, a replay holding nothing more, and refuses a withdrawal with its reason and date', async () => {
    const { ctx, stripe, webhookUrl, admin, seller, buyer, runner } = await shop();
    const purchase = await buy(ctx, stripe, buyer, [singleLine(runner._id)], webhookUrl);
    // A second sale, so the seller has a balance left to withdraw once the dispute took the first.
    await buy(ctx, stripe, await createUser(ctx), [singleLine(runner._id)], webhookUrl);

    await stripe.fake.openDispute(purchase.transactionId);

    const holds = await holdsOf(ctx, admin, seller._id);
    expect(holds).toEqual([
      expect.objectContaining({
        reasonCode: 'chargeback',
        reason: 'Chargeback',
        needed: chargebackNeeded(4999),
        reviewBy: '2026-01-22',
        heldBy: null,
        releasedAt: null,
      }),
    ]);
    const refused = await withdraw(ctx, seller, 20);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      `Your payouts are on hold (Chargeback) until 2026-01-22: ${chargebackNeeded(4999)}`,
    ]);

    const replays = stripe.fake.events.filter((event) => event.type.startsWith('charge.dispute.'));
    const answers = await Promise.all(replays.map((event) => stripe.fake.redeliver(event.id)));
    expect(answers.map((answer) => answer.status)).toEqual(replays.map(() => 200));
    expect(await holdsOf(ctx, admin, seller._id)).toHaveLength(1);
    expect(await holdMails(ctx, seller)).toEqual(['Your payouts are on hold: Chargeback']);
  });

  it('holds once while a chargeback hold is open, and releases it by itself once the last open dispute is won', async () => {
    const { ctx, stripe, webhookUrl, admin, seller, buyer, runner, puzzle } = await shop();
    const first = await buy(ctx, stripe, buyer, [singleLine(runner._id)], webhookUrl);
    const second = await buy(ctx, stripe, await createUser(ctx), [singleLine(puzzle._id)], webhookUrl);
    const one = await stripe.fake.openDispute(first.transactionId);
    const two = await stripe.fake.openDispute(second.transactionId);
    expect(await holdsOf(ctx, admin, seller._id)).toHaveLength(1);

    // One dispute won while the other is open: the hold stays.
    await stripe.fake.closeDispute(one.id, 'won');
    expect((await holdsOf(ctx, admin, seller._id))[0]!.releasedAt).toBeNull();

    ctx.clock.advance(60_000);
    await stripe.fake.closeDispute(two.id, 'won');

    const [hold] = await holdsOf(ctx, admin, seller._id);
    expect(hold).toMatchObject({
      reasonCode: 'chargeback',
      releasedAt: ctx.clock.now().toISOString(),
      releasedBy: null,
      releaseNote: CHARGEBACK_WON_NOTE,
    });
    expect((await statusOf(ctx, seller)).holds).toEqual([]);
    expect(await holdMails(ctx, seller)).toEqual(['Your payouts are on hold: Chargeback', 'The hold on your payouts was released']);
    expect((await withdraw(ctx, seller, 20)).statusCode).toBe(201);
    expect(stripe.fake.deliveries.every((delivery) => delivery.status === 200)).toBe(true);
  });

  it('keeps the hold for a person when a dispute is lost, and when one is won after another was lost', async () => {
    const { ctx, stripe, webhookUrl, admin, seller, buyer, runner, puzzle } = await shop();
    const first = await buy(ctx, stripe, buyer, [singleLine(runner._id)], webhookUrl);
    const second = await buy(ctx, stripe, await createUser(ctx), [singleLine(puzzle._id)], webhookUrl);
    const one = await stripe.fake.openDispute(first.transactionId);
    const two = await stripe.fake.openDispute(second.transactionId);

    await stripe.fake.closeDispute(one.id, 'lost');
    await stripe.fake.closeDispute(two.id, 'won');

    expect((await holdsOf(ctx, admin, seller._id)).map((hold) => [hold.reasonCode, hold.releasedAt])).toEqual([['chargeback', null]]);
  });

  it("leaves an admin's own chargeback hold for the admin when the dispute is won", async () => {
    const { ctx, stripe, webhookUrl, admin, seller, buyer, runner } = await shop();
    const purchase = await buy(ctx, stripe, buyer, [singleLine(runner._id)], webhookUrl);
    const placed = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/payout/holds',
      payload: { sellerId: seller._id, reasonCode: 'chargeback', needed: 'Send us the buyer’s messages.', reviewBy: '2026-02-01' },
    });
    expect(placed.statusCode).toBe(201);
    const dispute = await stripe.fake.openDispute(purchase.transactionId);
    // An open chargeback hold already: the rule adds none.
    expect(await holdsOf(ctx, admin, seller._id)).toHaveLength(1);

    await stripe.fake.closeDispute(dispute.id, 'won');

    expect(await holdsOf(ctx, admin, seller._id)).toEqual([expect.objectContaining({ _id: placed.json()._id, releasedAt: null })]);
  });

  it('holds nothing for a dispute whose closing, won, arrives before its opening', async () => {
    const { ctx, stripe, webhookUrl, admin, seller, buyer, runner } = await shop();
    const purchase = await buy(ctx, stripe, buyer, [singleLine(runner._id)], webhookUrl);
    stripe.fake.webhook.url = null;
    const dispute = await stripe.fake.openDispute(purchase.transactionId);
    await stripe.fake.closeDispute(dispute.id, 'won');
    const closing = stripe.fake.events.find((event) => event.type === 'charge.dispute.closed')!;

    expect((await stripe.fake.redeliver(closing.id, { url: webhookUrl })).status).toBe(200);

    expect((await ctx.db.selectFrom('disputes').select('status').executeTakeFirstOrThrow()).status).toBe('won');
    expect(await holdsOf(ctx, admin, seller._id)).toEqual([]);
  });

  it('refuses a payout through Connect while the dispute is open', async () => {
    const { ctx, stripe, webhookUrl, admin, seller, buyer, runner, puzzle } = await shop({ ...CONNECT, PAYOUT_HOLD_DAYS: '0' });
    await onboardWithStripe(ctx, stripe, seller);
    const purchase = await buy(ctx, stripe, buyer, [singleLine(runner._id)], webhookUrl);
    await buy(ctx, stripe, await createUser(ctx), [singleLine(puzzle._id)], webhookUrl);
    const [firstSale] = await holdsOf(ctx, admin, seller._id);
    expect((await release(ctx, admin, firstSale!._id)).statusCode).toBe(200);
    await ctx.services.ledger.matureDue();

    await stripe.fake.openDispute(purchase.transactionId);

    const refused = await payOut(ctx, seller);
    expect([refused.statusCode, refused.json().message]).toEqual([
      409,
      `Your payouts are on hold (Chargeback) until 2026-01-22: ${chargebackNeeded(4999)}`,
    ]);
    expect(stripe.fake.transfers.size).toBe(0);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });
});
