import type { SellerAnalytics, Statement } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buyWithCard, confirmCard, postPurchaseDetail, singleLine } from '../../test/commerce.js';
import { migratorFor } from '../../db/migrate.js';
import { buildCatalogueApp, sellerWithTwoProducts } from '../../test/factories.js';
import { createUser, injectAs, type TestContext, type TestUser } from '../../test/helper.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const today = (ctx: TestContext) => ctx.clock.now().toISOString().slice(0, 10);
const daysAgo = (ctx: TestContext, days: number) => new Date(ctx.clock.now().getTime() - days * DAY_MS).toISOString().slice(0, 10);

const view = (ctx: TestContext, productId: string, referrer?: string, ip = '203.0.113.7') =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/view/GameView/${productId}${referrer ? `?referrer=${referrer}` : ''}`,
    remoteAddress: ip,
    headers: { 'user-agent': 'Firefox' },
  });
const cart = (ctx: TestContext, productId: string, referrer?: string) =>
  ctx.app.inject({ method: 'POST', url: `/api/analytics/cart/${productId}${referrer ? `?referrer=${referrer}` : ''}` });
const analyticsOf = (ctx: TestContext, user: TestUser | null, query: string) =>
  injectAs(ctx, user, { method: 'GET', url: `/api/user/analytics?${query}` });

/** The intent, the card and the purchase, as the checkout page sends them, with the visit's referrer. */
async function buyFrom(ctx: TestContext, buyer: TestUser, productId: string, referrer: string) {
  const intent = await injectAs(ctx, buyer, {
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    payload: { products: [singleLine(productId)], currency: 'usd', referrer },
  });
  expect(intent.statusCode).toBe(200);
  const { clientSecret, paymentIntentId } = intent.json() as { clientSecret: string; paymentIntentId: string };
  expect((await confirmCard(ctx, buyer, clientSecret)).statusCode).toBe(200);
  const recorded = await postPurchaseDetail(ctx, buyer, paymentIntentId);
  expect(recorded.statusCode).toBe(201);
  return (recorded.json() as { purchase: { _id: string } }).purchase;
}

/** What the seller's statement lists for sales and refunds: the figure analytics must match. */
async function statementRevenue(ctx: TestContext, seller: TestUser): Promise<number> {
  const statement = (await injectAs(ctx, seller, { method: 'GET', url: '/api/user/statement?limit=100' })).json() as Statement;
  return statement.entries
    .filter((entry) => entry.kind === 'sale' || entry.kind === 'refund')
    .reduce((sum, entry) => sum + entry.amountCents, 0);
}

describe('seller analytics', () => {
  it('counts a view, a cart and a checkout from a referrer, credits the sale to it, and reads revenue and refunds from the ledger', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, seller, buyer, runner, puzzle } = await sellerWithTwoProducts(ctx);

    expect((await view(ctx, runner._id, 'newsletter')).json().counted).toBe(true);
    // The same visitor within the hour is one view, as the views module counts them.
    expect((await view(ctx, runner._id, 'newsletter')).json().counted).toBe(false);
    expect((await view(ctx, puzzle._id, undefined, '198.51.100.1')).json().counted).toBe(true);
    expect((await cart(ctx, runner._id, 'newsletter')).statusCode).toBe(202);
    const purchase = await buyFrom(ctx, buyer, runner._id, 'newsletter');

    const query = `from=${daysAgo(ctx, 6)}&to=${today(ctx)}`;
    const response = await analyticsOf(ctx, seller, query);
    expect(response.statusCode).toBe(200);
    const report = response.json() as SellerAnalytics;
    const revenue = await statementRevenue(ctx, seller);
    expect(revenue).toBe(4999);
    expect(report.totals).toEqual({ views: 2, carts: 1, checkouts: 1, sales: 1, refunds: 0, conversion: 0.5, revenueCents: revenue });
    expect(report.days).toHaveLength(7);
    expect(report.days.at(-1)).toMatchObject({ day: today(ctx), views: 2, carts: 1, sales: 1, revenueCents: 4999 });
    expect(report.referrers).toEqual([
      { referrer: 'newsletter', views: 1, carts: 1, sales: 1 },
      { referrer: null, views: 1, carts: 0, sales: 0 },
    ]);
    expect(report.products.map((product) => [product.title, product.views, product.sales])).toEqual(
      expect.arrayContaining([
        ['Space Runner', 1, 1],
        ['Block Puzzle', 1, 0],
      ]),
    );

    ctx.clock.advance(DAY_MS);
    const refunded = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/purchase/refund',
      payload: { purchaseId: purchase._id, reason: 'Bought by mistake' },
    });
    expect(refunded.statusCode).toBe(200);
    const afterRefund = (
      await analyticsOf(ctx, seller, `from=${daysAgo(ctx, 7)}&to=${today(ctx)}&productId=${runner._id}`)
    ).json() as SellerAnalytics;
    expect(afterRefund.totals).toMatchObject({ views: 1, sales: 1, refunds: 1, revenueCents: await statementRevenue(ctx, seller) });
    expect(afterRefund.totals.revenueCents).toBe(0);
    expect(afterRefund.days.at(-1)).toMatchObject({ refunds: 1, revenueCents: -4999 });
  });

  it('gives no conversion rate where sales outnumber counted views, on the page and in the CSV', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, buyer, runner } = await sellerWithTwoProducts(ctx);
    await view(ctx, runner._id);
    await buyFrom(ctx, buyer, runner._id, 'newsletter');
    await buyFrom(ctx, await createUser(ctx), runner._id, 'newsletter');

    const query = `from=${today(ctx)}&to=${today(ctx)}&productId=${runner._id}`;
    const report = (await analyticsOf(ctx, seller, query)).json() as SellerAnalytics;
    expect(report.totals).toMatchObject({ views: 1, sales: 2, conversion: null });
    const csv = await injectAs(ctx, seller, { method: 'GET', url: `/api/user/analytics.csv?${query}` });
    const total = csv.body.split('\r\n').find((line) => line.startsWith('Total'));
    expect(total?.split(',')[6]).toBe('');
  });

  it('writes counted events only when flushed, adding each flush to the day’s row', async () => {
    const ctx = await buildCatalogueApp();
    const { runner } = await sellerWithTwoProducts(ctx);
    const rows = () => ctx.db.selectFrom('product_analytics_daily').selectAll().execute();

    await cart(ctx, runner._id, 'newsletter');
    await cart(ctx, runner._id, 'newsletter');
    expect(await rows()).toEqual([]);
    await ctx.services.analytics.flush();
    expect(await rows()).toEqual([{ product_id: runner._id, day: today(ctx), referrer: 'newsletter', views: 0, carts: 2, checkouts: 0 }]);

    await cart(ctx, runner._id, 'newsletter');
    await view(ctx, runner._id);
    await ctx.services.analytics.flush();
    await ctx.services.analytics.flush();
    const stored = await rows();
    expect(stored.map((row) => [row.referrer, Number(row.views), Number(row.carts)]).sort()).toEqual([
      ['', 1, 0],
      ['newsletter', 0, 3],
    ]);
  });

  it('answers only the days asked and refuses periods it cannot answer', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, runner } = await sellerWithTwoProducts(ctx);
    await view(ctx, runner._id, 'news.example.com');
    ctx.clock.advance(3 * DAY_MS);
    await view(ctx, runner._id, 'news.example.com');

    const lastTwoDays = (await analyticsOf(ctx, seller, `from=${daysAgo(ctx, 1)}&to=${today(ctx)}`)).json() as SellerAnalytics;
    expect(lastTwoDays.totals.views).toBe(1);
    const week = (await analyticsOf(ctx, seller, `from=${daysAgo(ctx, 6)}&to=${today(ctx)}`)).json() as SellerAnalytics;
    expect(week.totals.views).toBe(2);
    expect(week.days.filter((day) => day.views > 0).map((day) => day.day)).toEqual([daysAgo(ctx, 3), today(ctx)]);

    const refused = async (query: string) => {
      const response = await analyticsOf(ctx, seller, query);
      expect(response.statusCode).toBe(400);
      return (response.json() as { message: string }).message;
    };
    expect(await refused(`from=${today(ctx)}&to=${daysAgo(ctx, 1)}`)).toContain('to must not be before from');
    expect(await refused(`from=${daysAgo(ctx, 366)}&to=${today(ctx)}`)).toContain('at most 366 days');
    expect(await refused(`from=2026-02-30&to=${today(ctx)}`)).toContain('not a day of the calendar');
    expect(await refused(`from=yesterday&to=${today(ctx)}`)).toContain('YYYY-MM-DD');
    expect(await refused(`to=${today(ctx)}`)).toContain('from');
    expect(await refused(`from=${today(ctx)}&to=${today(ctx)}&sort=views`)).toContain('sort');
    expect((await cart(ctx, runner._id, 'Not A Host!')).statusCode).toBe(400);
  });

  it("refuses someone else's product, unknown products and visitors", async () => {
    const ctx = await buildCatalogueApp();
    const { buyer, runner } = await sellerWithTwoProducts(ctx);
    const query = `from=${today(ctx)}&to=${today(ctx)}`;

    const someoneElses = await analyticsOf(ctx, buyer, `${query}&productId=${runner._id}`);
    expect(someoneElses.statusCode).toBe(403);
    expect(someoneElses.json().message).toBe('You can only see the analytics of your own products');
    expect((await analyticsOf(ctx, buyer, `${query}&productId=aaaaaaaaaaaaaaaaaaaaaaaa`)).statusCode).toBe(404);
    expect((await analyticsOf(ctx, null, query)).statusCode).toBe(401);
    expect((await injectAs(ctx, null, { method: 'GET', url: `/api/user/analytics.csv?${query}` })).statusCode).toBe(401);
    // A buyer with no products of their own sees nothing, never the seller's figures.
    await view(ctx, runner._id);
    expect(((await analyticsOf(ctx, buyer, query)).json() as SellerAnalytics).totals.views).toBe(0);
    // Carts of products nobody can buy are not counted.
    const stranger = await createUser(ctx);
    expect((await cart(ctx, stranger._id)).statusCode).toBe(404);
  });

  it('answers the period as a CSV download, one row per day then the referrers', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, buyer, runner } = await sellerWithTwoProducts(ctx);
    await view(ctx, runner._id, 'newsletter');
    await buyFrom(ctx, buyer, runner._id, 'newsletter');

    const response = await injectAs(ctx, seller, {
      method: 'GET',
      url: `/api/user/analytics.csv?from=${daysAgo(ctx, 2)}&to=${today(ctx)}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="analytics-${daysAgo(ctx, 2)}-${today(ctx)}.csv"`);
    expect(response.body.split('\r\n')).toEqual([
      'Date,Views,Add to cart,Checkouts,Sales,Refunds,Conversion (%),Revenue (USD)',
      // No views, no rate.
      `${daysAgo(ctx, 2)},0,0,0,0,0,,0.00`,
      `${daysAgo(ctx, 1)},0,0,0,0,0,,0.00`,
      `${today(ctx)},1,0,1,1,0,100.00,49.99`,
      'Total,1,0,1,1,0,100.00,49.99',
      '',
      'Referrer,Views,Add to cart,Sales',
      'newsletter,1,0,1',
      '',
    ]);
  });

  it('counts the distinct buyers who downloaded each release', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, buyer, runner } = await sellerWithTwoProducts(ctx);
    const second = await createUser(ctx, { name: 'Robin Buyer' });
    const first = await buyWithCard(ctx, buyer, [singleLine(runner._id)]);
    await buyWithCard(ctx, second, [singleLine(runner._id)]);
    const download = (user: TestUser, purchaseId: string) =>
      injectAs(ctx, user, { method: 'GET', url: `/api/purchase/download/${purchaseId}/${runner._id}` });
    expect((await download(buyer, first._id)).statusCode).toBe(200);
    expect((await download(buyer, first._id)).statusCode).toBe(200);

    const report = (
      await analyticsOf(ctx, seller, `from=${today(ctx)}&to=${today(ctx)}&productId=${runner._id}`)
    ).json() as SellerAnalytics;
    expect(report.releases).toEqual([
      expect.objectContaining({ productId: runner._id, title: 'Space Runner', version: expect.any(String), buyers: 1 }),
    ]);
  });

  it('goes down and up again, the orders and the ledger untouched', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, buyer, runner } = await sellerWithTwoProducts(ctx);
    await view(ctx, runner._id, 'newsletter');
    await buyFrom(ctx, buyer, runner._id, 'newsletter');
    await ctx.services.analytics.flush();
    const migrator = migratorFor(ctx.db);
    const down = await migrator.migrateDown();
    expect(down.error).toBeUndefined();
    expect(down.results?.map((result) => result.migrationName)).toEqual(['0046_analytics']);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const report = (await analyticsOf(ctx, seller, `from=${today(ctx)}&to=${today(ctx)}`)).json() as SellerAnalytics;
    expect(report.totals).toMatchObject({ views: 0, sales: 1, revenueCents: await statementRevenue(ctx, seller) });
    expect(report.referrers).toEqual([{ referrer: null, views: 0, carts: 0, sales: 1 }]);
  });
});
