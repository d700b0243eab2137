import type { CustomWork, CustomWorkSummary } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { soldLicenceLines } from '../modules/orders/index.js';
import { injectAs, sessionCookieOf, type TestContext, type TestUser } from '../test/helper.js';
import { buildCatalogueApp, filesIn } from '../test/factories.js';
import { DEMO_LOGINS, seedDemoData } from './index.js';

/** A demo account signed in as its browser would be. */
async function demoUser(ctx: TestContext, role: string): Promise<TestUser> {
  const login = DEMO_LOGINS.find((each) => each.role === role)!;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/signIn',
    payload: { email: login.email, password: login.password },
  });
  return { ...response.json(), password: login.password, cookie: sessionCookieOf(response.headers['set-cookie']) };
}

const get = async (ctx: TestContext, user: TestUser | null, url: string) => (await injectAs(ctx, user, { method: 'GET', url })).json();

describe('the demo data', () => {
  it('fills an empty database with a catalogue every page can show, and leaves a used database alone', async () => {
    const ctx = await buildCatalogueApp();

    expect(await seedDemoData(ctx.services, ctx.db, ctx.clock.now())).toBe(true);

    const rows = await ctx.db.selectFrom('products').select(['status', 'type', 'category', 'sub_category']).execute();
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['Games', 'Apps']));
    expect(new Set(rows.map((row) => row.category))).toEqual(new Set(['Android', 'IOS', 'Unity']));
    expect(new Set(rows.map((row) => row.sub_category)).size).toBeGreaterThanOrEqual(15);
    expect(rows.filter((row) => row.status === 'Pending').length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((row) => row.status === 'Rejected')).toHaveLength(1);
    // One archive per product, and one per custom work delivery.
    expect(filesIn(ctx.dataDir).filter((file) => file.startsWith('private/'))).toHaveLength(rows.length + 2);

    const first = async (period: string) =>
      (await injectAs(ctx, null, { method: 'GET', url: `/api/product/popular?period=${period}` })).json()[0]._id;
    expect(new Set([await first('all'), await first('year'), await first('month')]).size).toBe(3);
    const trending = (await injectAs(ctx, null, { method: 'GET', url: '/api/product/listing/trending-games' })).json();
    expect(trending.products.length).toBeGreaterThan(30);
    const search = (await injectAs(ctx, null, { method: 'GET', url: '/api/product/search?q=carrera' })).json();
    expect(search[0].title.en).toBe('Galaxy Racer');

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

    // Custom work (docs/decisions/0013): one order delivered and waiting for the buyer, one released to the seller.
    const [jamie, pixel] = [await demoUser(ctx, 'User (buyer)'), await demoUser(ctx, 'User (seller)')];
    const mine = (await get(ctx, jamie, '/api/custom-work/mine')) as CustomWorkSummary[];
    expect(mine.map((work) => work.status).sort()).toEqual(['delivered', 'released']);
    const delivered = mine.find((work) => work.status === 'delivered')!;
    expect(delivered).toMatchObject({
      role: 'buyer',
      seller: { name: 'Pixel Forge Studio' },
      actions: expect.arrayContaining(['acceptDelivery']),
    });
    expect(delivered.milestones.map((milestone) => [milestone.title, milestone.status])).toEqual([
      ['New art', 'funded'],
      ['Store listing', 'waiting'],
    ]);
    expect(Date.parse(delivered.dueAt)).toBeGreaterThan(ctx.clock.now().getTime());
    const order = (await get(ctx, jamie, `/api/custom-work/${delivered._id}`)) as CustomWork;
    expect(order.deliveries).toHaveLength(1);
    expect(order.deliveries[0]!.analysis?.languages.map((language) => language.name)).toContain('C#');
    expect(order.deliveries[0]!.diff).toMatchObject({ added: ['Assets/Scripts/Theme.cs'], changed: ['README.md'], removed: [] });
    const statement = (await get(ctx, pixel, '/api/user/statement')) as { entries: Array<{ kind: string }> };
    expect(statement.entries.filter((entry) => entry.kind === 'custom_work')).toHaveLength(1);
    const releasedWork = mine.find((work) => work.status === 'released')!;
    expect(await get(ctx, null, `/api/custom-work/reviews?productId=${releasedWork.product._id}`)).toMatchObject({
      count: 1,
      reviews: [{ rating: 5, reviewer: { name: 'Jamie Buyer' } }],
    });
    // The released order's news is history, read; the delivery is the one custom work notice left on a bell.
    const unread = await ctx.db
      .selectFrom('notifications')
      .select(['user_id', 'link'])
      .where('link', 'like', '/custom-work/%')
      .where('read_at', 'is', null)
      .execute();
    expect(unread).toEqual([{ user_id: jamie._id, link: `/custom-work/${delivered._id}` }]);
    expect(await ctx.services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });

    expect(await seedDemoData(ctx.services, ctx.db)).toBe(false);
  });
});
