import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../platform/logger.js';
import { providerAccount, sellerAccount } from '../ledger/index.js';
import { confirmCard, openIntent, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, createApprovedProduct } from '../../test/factories.js';
import { buildTestApp, buildTwoTestApps, createUser, injectAs } from '../../test/helper.js';
import { forgeLedgerEntries } from '../../test/ledger.js';
import { JobLeases } from '../../platform/jobs/index.js';

const DAY = 24 * 60 * 60 * 1000;

async function shop() {
  const ctx = await buildCatalogueApp();
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const buyer = await createUser(ctx);
  const product = await createApprovedProduct(ctx, seller, admin);
  return { ctx, admin, buyer, product };
}

describe('housekeeping', () => {
  it('deletes expired sessions and keeps live ones', async () => {
    const { ctx, buyer } = await shop();
    ctx.clock.advance(31 * DAY);
    const fresh = await createUser(ctx);
    const sessionsBefore = (await ctx.db.selectFrom('sessions').select('user_id').execute()).length;

    const report = await ctx.services.housekeeping.runOnce();

    const left = await ctx.db.selectFrom('sessions').select('user_id').execute();
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((row) => row.user_id === fresh._id)).toBe(true);
    expect(report?.sessions).toBe(sessionsBefore - left.length);
    expect((await injectAs(ctx, fresh, { method: 'GET', url: '/api/user/currentUser' })).statusCode).toBe(200);
    expect((await injectAs(ctx, buyer, { method: 'GET', url: '/api/user/currentUser' })).statusCode).toBe(401);
  });

  it('forgets checkouts abandoned for over 7 days, closing them at the provider, and keeps younger and paid ones', async () => {
    const { ctx, buyer, product } = await shop();
    const abandoned = await openIntent(ctx, buyer, [singleLine(product._id)]);
    const paidButUnrecorded = await openIntent(ctx, buyer, [singleLine(product._id)]);
    await confirmCard(ctx, buyer, paidButUnrecorded.clientSecret);
    ctx.clock.advance(7 * DAY + 1000);
    const recent = await openIntent(ctx, buyer, [singleLine(product._id)]);

    const report = await ctx.services.housekeeping.runOnce();

    expect(report?.payments).toBe(1);
    const kept = async (intentId: string) => (await ctx.services.orders.byIntent('simulated', intentId)) !== null;
    expect([
      await kept(abandoned.paymentIntentId),
      await kept(paidButUnrecorded.paymentIntentId),
      await kept(recent.paymentIntentId),
    ]).toEqual([false, true, true]);
    const closed = await ctx.db
      .selectFrom('simulated_payment_intents')
      .select('status')
      .where('id', '=', abandoned.paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(closed.status).toBe('canceled');
  });

  it('deletes mails sent over 30 days ago and keeps unsent and recent ones', async () => {
    const { ctx } = await shop();
    const mail = (subject: string) => ({
      id: subject,
      to_address: 'owner@market.example',
      subject,
      text_body: 'Body',
      reply_to: null,
      created_at: new Date(ctx.clock.now().getTime() - 40 * DAY).toISOString(),
      last_error: null,
      claimed_until: null,
    });
    const daysAgo = (days: number) => new Date(ctx.clock.now().getTime() - days * DAY).toISOString();
    await ctx.db
      .insertInto('mail_outbox')
      .values([
        { ...mail('old-sent'), sent_at: daysAgo(31) },
        { ...mail('recent-sent'), sent_at: daysAgo(29) },
        { ...mail('old-unsent'), sent_at: null },
      ])
      .execute();

    const report = await ctx.services.housekeeping.runOnce();

    expect(report?.mails).toBe(1);
    expect((await ctx.db.selectFrom('mail_outbox').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual([
      'old-unsent',
      'recent-sent',
    ]);
  });

  it('removes a deleted product and its files once its last checkout can no longer be paid', async () => {
    const { ctx, admin, buyer, product } = await shop();
    await openIntent(ctx, buyer, [singleLine(product._id)]);
    await injectAs(ctx, admin, { method: 'DELETE', url: `/api/product/delProduct/${product._id}` });
    expect((await ctx.services.housekeeping.runOnce())?.products).toBe(0);

    ctx.clock.advance(61 * 60 * 1000);

    expect((await ctx.services.housekeeping.runOnce())?.products).toBe(1);
    expect(await ctx.db.selectFrom('products').select('id').execute()).toEqual([]);
  });

  it('runs on one instance at a time: the other skips the round while the lease is held', async () => {
    const [first, second] = await buildTwoTestApps();
    const leases = new JobLeases(first.db);
    const now = first.clock.now();
    expect(await leases.take('housekeeping', 'someone-else', now.toISOString(), new Date(now.getTime() + 60_000).toISOString())).toBe(true);

    expect(await first.services.housekeeping.runOnce()).toBeNull();
    expect(await second.services.housekeeping.runOnce()).toBeNull();
    first.clock.advance(60_000);
    expect(await first.services.housekeeping.runOnce()).not.toBeNull();
  });
});

describe('the ledger check of each housekeeping round', () => {
  it('finds none unbalanced in a sound ledger, and counts forged entries in the metrics with a log line for a human', async () => {
    const lines: Array<{ msg: string }> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as { msg: string });
        done();
      },
    });
    const ctx = await buildTestApp({ METRICS_TOKEN: 'scrape-secret-0123456789' }, { log: createLogger('info', stream) });
    const scrape = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: 'Bearer scrape-secret-0123456789' } })).body;
    await ctx.db.transaction().execute((trx) =>
      ctx.services.ledger.post(trx, {
        kind: 'sale',
        postings: [
          { account: sellerAccount('s1'), amountCents: 900 },
          { account: providerAccount('stripe'), amountCents: -900 },
        ],
      }),
    );

    await ctx.services.housekeeping.runOnce();
    expect(await scrape()).toMatch(/^ledger_unbalanced_transactions 0$/m);

    await forgeLedgerEntries(ctx.db, 'forged', [{ account: sellerAccount('s1'), amountCents: 5_000 }]);
    await ctx.services.housekeeping.runOnce();

    expect(await scrape()).toMatch(/^ledger_unbalanced_transactions 1$/m);
    expect(lines.map((line) => line.msg)).toContainEqual(expect.stringMatching(/^LEDGER CHECK FAILED/));
  });
});
