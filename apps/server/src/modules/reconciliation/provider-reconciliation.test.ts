import {
  RECONCILIATION_NEEDS_STRIPE_MESSAGE,
  RECONCILIATION_RUNNING_MESSAGE,
  type ReconciliationStatus,
  reconciliationStatusSchema,
} from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buyThroughStripe, openIntent, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, buildTwoCatalogueApps, sellerWithTwoProducts } from '../../test/factories.js';
import { startFakeStripe } from '../../test/fake-stripe.js';
import { injectAs, type TestContext, type TestUser } from '../../test/helper.js';
import { DAY_MS, HOUR_MS } from '../../platform/clock.js';

const METRICS_TOKEN = 'scrape-secret-0123456789';

async function stripeShop() {
  const stripe = await startFakeStripe();
  const ctx = await buildCatalogueApp({ ...stripe.env(), METRICS_TOKEN });
  stripe.fake.useClock(() => ctx.clock.now());
  return { ctx, stripe, ...(await sellerWithTwoProducts(ctx)) };
}

const status = async (ctx: TestContext, user: TestUser | null) => {
  const response = await injectAs(ctx, user, { method: 'GET', url: '/api/reconciliation' });
  return { statusCode: response.statusCode, body: response.json() as ReconciliationStatus };
};
const runNow = (ctx: TestContext, user: TestUser | null) => injectAs(ctx, user, { method: 'POST', url: '/api/reconciliation/run' });

const scrape = async (ctx: TestContext) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body
    .split('\n')
    .filter((line) => line.startsWith('ledger_provider_differences'));

const iso = (ms: number) => new Date(ms).toISOString();

describe("the daily comparison of Stripe's balance transactions with the ledger", () => {
  it('runs when an admin asks, over the day before the last hour, and says Stripe and the ledger agree', async () => {
    const { ctx, stripe, admin, buyer, runner } = await stripeShop();
    expect(await status(ctx, admin)).toEqual({ statusCode: 200, body: { enabled: true, lastRun: null } });
    await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);
    // The last hour is left to webhooks and repairs still on their way: the sale is compared once it is older.
    ctx.clock.advance(2 * HOUR_MS);
    const now = ctx.clock.now().getTime();

    const ran = await runNow(ctx, admin);

    expect(ran.statusCode).toBe(200);
    const body = reconciliationStatusSchema.parse(ran.json());
    expect(body).toEqual({
      enabled: true,
      lastRun: {
        _id: expect.any(String),
        startedAt: iso(now),
        finishedAt: iso(now),
        periodStart: iso(now - HOUR_MS - DAY_MS),
        periodEnd: iso(now - HOUR_MS),
        providerTransactions: 1,
        requestedBy: { _id: admin._id, name: admin.name },
        differences: [],
      },
    });
    expect((await status(ctx, admin)).body).toEqual(body);
  });

  it('runs once a day from where the last run ended, keeps what it found, and exports it as a gauge', async () => {
    const { ctx, stripe, admin, buyer, runner, puzzle } = await stripeShop();
    expect(await scrape(ctx)).toEqual([]);
    const first = await ctx.services.providerReconciliation.runIfDue();
    expect(first).toMatchObject({ differences: 0, requested_by: null });
    // Not a day yet: nothing runs, however often the job asks.
    ctx.clock.advance(12 * HOUR_MS);
    expect(await ctx.services.providerReconciliation.runIfDue()).toBeNull();
    // Paid at Stripe, but the page never came back and no webhook reached us; and a sale recorded as it should be.
    const unrecorded = await openIntent(ctx, buyer, [singleLine(puzzle._id)]);
    await stripe.payWithCard(unrecorded.paymentIntentId);
    await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);

    ctx.clock.advance(12 * HOUR_MS);
    const second = await ctx.services.providerReconciliation.runIfDue();

    expect(second).toMatchObject({ period_start: first!.period_end, differences: 1, provider_transactions: 2 });
    const { lastRun } = (await status(ctx, admin)).body;
    expect(lastRun?.differences).toEqual([
      {
        providerId: unrecorded.paymentIntentId,
        kind: 'charge',
        providerCents: 4999,
        ledgerCents: 0,
        meaning: expect.stringMatching(/^Stripe took this payment and the ledger has no sale for it/),
      },
    ]);
    const gauge = await scrape(ctx);
    expect(gauge).toContain('ledger_provider_differences{kind="charge"} 1');
    expect(gauge).toContain('ledger_provider_differences{kind="transfer"} 0');
  });

  it('refuses a visitor and a non-admin, and with simulated payments says it needs Stripe and runs nothing', async () => {
    const { ctx, buyer } = await stripeShop();
    expect((await status(ctx, null)).statusCode).toBe(401);
    expect((await status(ctx, buyer)).statusCode).toBe(403);
    expect((await runNow(ctx, buyer)).statusCode).toBe(403);

    const simulated = await buildCatalogueApp({ METRICS_TOKEN });
    const { admin } = await sellerWithTwoProducts(simulated);
    expect(await status(simulated, admin)).toEqual({ statusCode: 200, body: { enabled: false, lastRun: null } });
    const refused = await runNow(simulated, admin);
    expect([refused.statusCode, refused.json().message]).toEqual([409, RECONCILIATION_NEEDS_STRIPE_MESSAGE]);
    expect(await simulated.services.providerReconciliation.runIfDue()).toBeNull();
    expect(await scrape(simulated)).toEqual([]);
  });

  it('runs once when two instances ask at the same moment, and refuses an admin while a run is under way', async () => {
    const stripe = await startFakeStripe();
    const [first, second] = await buildTwoCatalogueApps(stripe.env());
    const { admin } = await sellerWithTwoProducts(first);

    const runs = await Promise.all([first.services.providerReconciliation.runIfDue(), second.services.providerReconciliation.runIfDue()]);

    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await first.db.selectFrom('reconciliation_runs').select('number').execute()).toEqual([{ number: 1 }]);
    // Another instance's run holds the lease.
    await first.db
      .insertInto('job_leases')
      .values({ name: 'provider-reconciliation', holder: 'another instance', held_until: iso(first.clock.now().getTime() + HOUR_MS) })
      .execute();
    const busy = await runNow(second, admin);
    expect([busy.statusCode, busy.json().message]).toEqual([409, RECONCILIATION_RUNNING_MESSAGE]);
  });
});
