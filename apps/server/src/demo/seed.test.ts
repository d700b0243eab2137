import { describe, expect, it } from 'vitest';
import { soldLicenceLines } from '../modules/orders/index.js';
import { injectAs } from '../test/helper.js';
import { buildCatalogueApp, filesIn } from '../test/factories.js';
import { seedDemoData } from './index.js';

describe('the demo data', () => {
  it('fills an empty database with a catalogue every page can show, and leaves a used database alone', async () => {
    const ctx = await buildCatalogueApp();
    const started = Date.now();

    expect(await seedDemoData(ctx.services, ctx.db, ctx.clock.now())).toBe(true);
    const seconds = (Date.now() - started) / 1000;

    const rows = await ctx.db.selectFrom('products').select(['status', 'type', 'category', 'sub_category']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['Games', 'Apps']));
    expect(new Set(rows.map((row) => row.category))).toEqual(new Set(['Android', 'IOS', 'Unity']));
    expect(new Set(rows.map((row) => row.sub_category)).size).toBeGreaterThanOrEqual(15);
    expect(rows.filter((row) => row.status === 'Pending').length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((row) => row.status === 'Rejected')).toHaveLength(1);
    expect(filesIn(ctx.dataDir).filter((file) => file.startsWith('private/'))).toHaveLength(rows.length);

    const first = async (period: string) =>
      (await injectAs(ctx, null, { method: 'GET', url: `/api/product/popular?period=${period}` })).json()[0]._id;
    expect(new Set([await first('all'), await first('year'), await first('month')]).size).toBe(3);
    const trending = (await injectAs(ctx, null, { method: 'GET', url: '/api/product/listing/trending-games' })).json();
    expect(trending.products.length).toBeGreaterThan(30);
    const search = (await injectAs(ctx, null, { method: 'GET', url: '/api/product/search?q=carrera' })).json();
    expect(search[0].title.en).toBe('Galaxy Racer');
    expect(seconds).toBeLessThan(20);

    const buyer = await ctx.db.selectFrom('users').select('id').where('email', '=', 'buyer@example.com').executeTakeFirstOrThrow();
    const recent = await soldLicenceLines(ctx.db)
      .innerJoin('products as pr', 'pr.id', 'l.product_id')
      .innerJoin('users as owner', 'owner.id', 'pr.user_id')
      .select(['o.provider', 'owner.email', 'l.license_type', 'o.paid_at as created_at'])
      .where('o.buyer_id', '=', buyer.id)
      .where('o.provider', '=', 'simulated')
      .execute();
    expect(recent).toEqual([
      { provider: 'simulated', email: 'seller@example.com', license_type: 'Multi App License', created_at: ctx.clock.now().toISOString() },
    ]);
    const withdrawals = await ctx.db
      .selectFrom('withdrawals')
      .innerJoin('users', 'users.id', 'withdrawals.user_id')
      .select(['users.email', 'withdrawals.amount_cents', 'withdrawals.status'])
      .execute();
    expect(withdrawals).toEqual([{ email: 'seller@example.com', amount_cents: 2500, status: 'Pending' }]);

    expect(await seedDemoData(ctx.services, ctx.db)).toBe(false);
  }, 60_000);
});
