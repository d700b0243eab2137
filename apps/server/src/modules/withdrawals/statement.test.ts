import type { Earnings, Statement } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buildCatalogueApp, createApprovedProduct, type CatalogueContext } from '../../test/factories.js';
import { createUser, injectAs, type TestUser } from '../../test/helper.js';
import { variedHistory } from '../../test/money-history.js';
import { recordPurchase } from '../../test/sales.js';
import { newId } from '../../platform/ids.js';

const statementOf = (ctx: CatalogueContext, user: TestUser, query = '') =>
  injectAs(ctx, user, { method: 'GET', url: `/api/user/statement${query}` });
const earningsOf = async (ctx: CatalogueContext, user: TestUser) =>
  (await injectAs(ctx, user, { method: 'GET', url: '/api/user/earnings' })).json() as Earnings;

/** What happened, whatever the order of entries written in the same millisecond. */
const described = (statement: Statement) =>
  statement.entries.map(({ kind, productId, amountCents }) => `${kind} ${productId ?? '-'} ${amountCents}`).sort();

describe("a seller's statement", () => {
  it('lists every entry newest first with the balance after it, adding up to the dashboard’s balance to the cent', async () => {
    const ctx = await buildCatalogueApp();
    const { busy, inDebt, game, tool, runner } = await variedHistory(ctx);

    for (const seller of [busy, inDebt]) {
      const statement = (await statementOf(ctx, seller, '?limit=100')).json() as Statement;
      const available = Math.round((await earningsOf(ctx, seller)).availableBalance * 100);
      expect(statement.balanceCents).toBe(available);
      expect(statement.entries[0]!.balanceCents).toBe(available);
      expect(statement.entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(available);
      expect(statement.total).toBe(statement.entries.length);
      // Each balance is the one below it plus its own amount.
      for (const [index, entry] of statement.entries.entries()) {
        const older = statement.entries[index + 1];
        expect(entry.balanceCents).toBe((older?.balanceCents ?? 0) + entry.amountCents);
      }
    }

    const busyStatement = (await statementOf(ctx, busy)).json() as Statement;
    expect(described(busyStatement)).toEqual(
      [`sale ${game} 4999`, `sale ${tool} 14900`, `sale ${game} 1`, 'withdrawal - -3001', 'withdrawal - -7'].sort(),
    );
    expect(busyStatement.entries.find((entry) => entry.productId === game)?.title).toBeTruthy();
    const debtor = (await statementOf(ctx, inDebt)).json() as Statement;
    const sold = debtor.entries.find((entry) => entry.kind === 'sale')!.amountCents;
    expect(described(debtor)).toEqual([`refund ${runner} -${sold}`, `sale ${runner} ${sold}`, `withdrawal - -${sold}`].sort());
    expect(debtor.balanceCents).toBeLessThan(0);
  });

  it('pages with limit and offset, and counts every entry', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    const buyer = await createUser(ctx);
    const product = await createApprovedProduct(ctx, seller, admin);
    const soldAt: string[] = [];
    for (let sale = 1; sale <= 5; sale += 1) {
      ctx.clock.advance(60_000);
      soldAt.push(ctx.clock.now().toISOString());
      await recordPurchase(ctx, buyer._id, [{ productId: product._id, priceCents: sale * 100 }]);
    }

    const second = (await statementOf(ctx, seller, '?limit=2&offset=2')).json() as Statement;

    expect(second.total).toBe(5);
    expect(second.balanceCents).toBe(1500);
    expect(second.entries.map((entry) => [entry.amountCents, entry.balanceCents])).toEqual([
      [300, 600],
      [200, 300],
    ]);
    expect(second.entries.map((entry) => entry.at)).toEqual([soldAt[2], soldAt[1]]);
  });

  it("shows an admin any seller's statement, and nobody else another's", async () => {
    const ctx = await buildCatalogueApp();
    const { busy, buyer, admin } = await variedHistory(ctx);

    const byAdmin = await statementOf(ctx, admin, `?userId=${busy._id}`);
    const byStranger = await statementOf(ctx, buyer, `?userId=${busy._id}`);
    const csvByStranger = await injectAs(ctx, buyer, { method: 'GET', url: `/api/user/statement.csv?userId=${busy._id}` });
    const anonymous = await injectAs(ctx, null, { method: 'GET', url: '/api/user/statement' });

    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual((await statementOf(ctx, busy)).json());
    expect((byAdmin.json() as Statement).holder).toEqual({ _id: busy._id, name: busy.name });
    expect(byStranger.statusCode).toBe(403);
    expect(csvByStranger.statusCode).toBe(403);
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 to an admin asking for the statement of nobody', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });

    const response = await statementOf(ctx, admin, `?userId=${newId()}`);

    expect(response.statusCode).toBe(404);
  });

  it.each(['?limit=0', '?limit=101', '?offset=-1', '?limit=abc', '?userId=x', '?sort=asc'])('refuses %s with 400', async (query) => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);

    expect((await statementOf(ctx, seller, query)).statusCode).toBe(400);
  });

  it('downloads as CSV, every entry, with titles a spreadsheet shows as text', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    const buyer = await createUser(ctx);
    const product = await createApprovedProduct(ctx, seller, admin, { title: JSON.stringify({ en: '=HYPERLINK("x"), "quoted"' }) });
    await recordPurchase(ctx, buyer._id, [{ productId: product._id, priceCents: 1234 }]);
    const soldAt = ctx.clock.now().toISOString();

    const response = await injectAs(ctx, seller, { method: 'GET', url: '/api/user/statement.csv' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="statement.csv"');
    expect(response.body.split('\r\n')).toEqual([
      'Date,What happened,Product,List price (USD),Discount (USD),Amount (USD),Balance (USD)',
      `${soldAt},Sale,"'=HYPERLINK(""x""), ""quoted""",12.34,0.00,12.34,12.34`,
      '',
    ]);
  });
});
