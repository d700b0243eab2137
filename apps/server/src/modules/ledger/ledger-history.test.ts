import type { Earnings } from '@market/contracts';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migratorFor } from '../../db/migrate.js';
import { buildCatalogueApp, type CatalogueContext } from '../../test/factories.js';
import { createUser, injectAs, type TestUser } from '../../test/helper.js';
import { figuresBeforeTheLedger, type LegacyTables, variedHistory } from '../../test/money-history.js';
import { newId } from '../../platform/ids.js';

const earningsOf = async (ctx: CatalogueContext, user: TestUser) =>
  (await injectAs(ctx, user, { method: 'GET', url: '/api/user/earnings' })).json() as Earnings;
describe('the ledger history migration', () => {
  it('gives every seller the balance the old formula gave, to the cent, and a ledger that checks out', async () => {
    const ctx = await buildCatalogueApp();
    const { sellers, busy, game } = await variedHistory(ctx);

    // What the ledger says as the history happened is what the old formula says.
    for (const seller of sellers) expect(await earningsOf(ctx, seller)).toEqual(await figuresBeforeTheLedger(ctx, seller._id));

    // Back to the database before the ledger, where the old code also left rows the flows above cannot:
    // a refund claim whose process died before the provider answered.
    const migrator = migratorFor(ctx.db);
    expect((await migrator.migrateTo('0020_stream_sequence')).error).toBeUndefined();
    const [line] = await (ctx.db as unknown as Kysely<LegacyTables>)
      .selectFrom('purchase_lines')
      .innerJoin('purchases', 'purchases.id', 'purchase_lines.purchase_id')
      .select(['purchase_lines.id', 'purchase_lines.purchase_id', 'purchases.user_id as buyer_id'])
      .where('purchase_lines.product_id', '=', game)
      .where('purchase_lines.price_cents', '=', 4999)
      .execute();
    const at = ctx.clock.now().toISOString();
    await ctx.db
      .insertInto('refunds')
      .values({
        id: newId(),
        purchase_line_id: line!.id,
        purchase_id: line!.purchase_id,
        product_id: game,
        seller_id: busy._id,
        buyer_id: line!.buyer_id,
        amount_cents: 4999,
        reason: 'Claimed, then the process died',
        origin: 'admin',
        refunded_by: null,
        status: 'pending',
        provider_refund_id: null,
        claimed_at: at,
        created_at: at,
      })
      .execute();
    const before = await Promise.all(sellers.map((seller) => figuresBeforeTheLedger(ctx, seller._id, 'before 0023')));
    expect(before.some((figures) => figures.availableBalance < 0)).toBe(true);

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    for (const [index, seller] of sellers.entries()) expect(await earningsOf(ctx, seller)).toEqual(before[index]);
    expect(await ctx.services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });
    const entries = await ctx.db
      .selectFrom('ledger_entries')
      .select(['kind', sql<number>`count(*)`.as('n')])
      .groupBy('kind')
      .orderBy('kind')
      .execute();
    expect(entries.map((row) => [row.kind, Number(row.n)])).toEqual([
      // 2 paid-out withdrawals; 3 refunds (two done, one claimed) of 2 entries; 6 sold lines, two with a reskin; 3 requests of 3.
      ['payout', 4],
      ['refund', 6],
      ['sale', 16],
      ['withdrawal', 9],
    ]);
  });
});

describe('one balance', () => {
  it("shows the admin's sellers list the earnings each seller's own page shows, refunds and withdrawals included", async () => {
    const ctx = await buildCatalogueApp();
    const { sellers } = await variedHistory(ctx);
    const admin = await createUser(ctx, { role: 'Admin' });

    const listed = (await injectAs(ctx, admin, { method: 'GET', url: '/api/user/sellers' })).json() as {
      items: Array<{ _id: string; earnings: number }>;
    };

    for (const seller of sellers.slice(0, 3)) {
      const own = await earningsOf(ctx, seller);
      expect(listed.items.find((item) => item._id === seller._id)?.earnings).toBe(own.totalEarnings);
    }
    expect(await ctx.services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });
  });
});
