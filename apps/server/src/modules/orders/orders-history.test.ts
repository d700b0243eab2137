import type { Licence, Purchase } from '@market/contracts';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migratorFor } from '../../db/migrate.js';
import { buyWithCard, confirmCard, openIntent, postPurchaseDetail, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, type CatalogueContext } from '../../test/factories.js';
import { injectAs, type TestUser } from '../../test/helper.js';
import { variedHistory } from '../../test/money-history.js';
import { newId } from '../../platform/ids.js';
import { type LedgerAccount, PLATFORM_ACCOUNTS, providerAccount, reskinAccount, sellerAccount } from '../ledger/index.js';

const get = async (ctx: CatalogueContext, user: TestUser, url: string) => {
  const response = await injectAs(ctx, user, { method: 'GET', url });
  expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
  return response.json() as unknown;
};

/** Every answer of docs/product-spec.md that reads orders, lines, licences or the ledger, for these people. */
async function answers(ctx: CatalogueContext, people: { admin: TestUser; buyer: TestUser; sellers: TestUser[] }) {
  const licences = (await get(ctx, people.buyer, '/api/licence/mine')) as Licence[];
  return {
    buyerPurchases: await get(ctx, people.buyer, '/api/purchase/allPurchases'),
    adminPurchases: await get(ctx, people.admin, '/api/purchase/allPurchases'),
    licences,
    byCode: await Promise.all(licences.map((licence) => get(ctx, people.buyer, `/api/licence/${licence.purchaseCode}`))),
    refundRequests: await get(ctx, people.admin, '/api/purchase/refundRequests'),
    purchasers: await get(ctx, people.admin, '/api/user/purchasers'),
    sellersList: await get(ctx, people.admin, '/api/user/sellers'),
    sellers: await Promise.all(
      people.sellers.map(async (seller) => ({
        earnings: await get(ctx, seller, '/api/user/earnings'),
        sales: await get(ctx, seller, '/api/user/sales'),
        statement: await get(ctx, seller, '/api/user/statement'),
      })),
    ),
  };
}

/** `payments` as the schema before migration 0023 kept it, which today's schema type no longer knows. */
interface PaymentsBefore0023 {
  payments: {
    id: string;
    provider: string;
    provider_intent_id: string;
    user_id: string;
    amount_cents: number;
    currency: string;
    lines: string;
    status: string;
    created_at: string;
    updated_at: string;
  };
}

describe('the orders and licences migration', () => {
  it('keeps every purchase, licence, refund, app and balance answer as it was, ids and codes included', async () => {
    const ctx = await buildCatalogueApp();
    const history = await variedHistory(ctx);
    const { admin, buyer, sellers, tool, game } = history;
    const people = { admin, buyer, sellers };

    // What the old tables held beside sales and refunds: an app registered, a licence revoked by an
    // admin, a refund asked for and declined, one asked for and open, and a checkout never paid.
    const active = ((await get(ctx, buyer, '/api/licence/mine')) as Licence[]).filter((licence) => licence.status === 'Active');
    const [first, second, third, fourth] = active;
    const registered = await injectAs(ctx, buyer, {
      method: 'POST',
      url: `/api/licence/${first!.purchaseCode}/apps`,
      payload: { appName: 'Runner', bundleId: 'com.jamie.runner' },
    });
    expect(registered.statusCode).toBe(201);
    const revoked = await injectAs(ctx, admin, {
      method: 'PUT',
      url: `/api/licence/${second!.purchaseCode}/revoke`,
      payload: { reason: 'Chargeback' },
    });
    expect(revoked.statusCode).toBe(200);
    for (const licence of [third!, fourth!]) {
      const asked = await injectAs(ctx, buyer, {
        method: 'POST',
        url: '/api/purchase/refundRequest',
        payload: {
          purchaseId: licence.purchaseId,
          productId: licence.product._id,
          reason: 'The project does not open in my engine version.',
        },
      });
      expect(asked.statusCode).toBe(201);
    }
    const [request] = (await get(ctx, admin, '/api/purchase/refundRequests')) as Array<{ _id: string }>;
    const declined = await injectAs(ctx, admin, {
      method: 'PUT',
      url: `/api/purchase/refundRequests/${request!._id}/decline`,
      payload: { reason: 'The page names the engine version it needs.' },
    });
    expect(declined.statusCode).toBe(200);
    const unpaid = await openIntent(ctx, buyer, [singleLine(tool, 'true')]);
    // Paid an hour after its checkout opened: the purchase's date (and its download window) is the payment's.
    const slow = await openIntent(ctx, buyer, [singleLine(history.puzzle)]);
    ctx.clock.advance(60 * 60 * 1000);
    await confirmCard(ctx, buyer, slow.clientSecret);
    expect((await postPurchaseDetail(ctx, buyer, slow.paymentIntentId)).statusCode).toBe(201);

    const before = await answers(ctx, people);
    const accounts: LedgerAccount[] = [
      ...PLATFORM_ACCOUNTS,
      providerAccount('simulated'),
      ...sellers.flatMap((seller) => [sellerAccount(seller._id), reskinAccount(seller._id)]),
    ];
    const balancesOf = () => Promise.all(accounts.map((account) => ctx.services.ledger.balanceOf(account)));
    const balances = await balancesOf();
    expect(balances.some((cents) => cents < 0)).toBe(true);

    // Back to the tables before it (its `down` writes them as the old code kept them), where the
    // old code also left a checkout of a reskin whose lines were JSON.
    const migrator = migratorFor(ctx.db);
    expect((await migrator.migrateTo('0022_ledger_history')).error).toBeUndefined();
    const legacy = ctx.db as unknown as Kysely<PaymentsBefore0023>;
    const at = ctx.clock.now().toISOString();
    await legacy
      .insertInto('payments')
      .values({
        id: newId(),
        provider: 'simulated',
        provider_intent_id: 'pi_opened_before_0023',
        user_id: buyer._id,
        amount_cents: 4999,
        currency: 'usd',
        lines: JSON.stringify([
          { productId: game, licenseType: 'Single App License', isReskin: 'true', priceCents: 4999, reskinPriceCents: 9900 },
        ]),
        status: 'created',
        created_at: at,
        updated_at: at,
      })
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    expect(await answers(ctx, people)).toEqual(before);
    // Every account, every seller's to the cent, as before; and a ledger that checks out.
    expect(await balancesOf()).toEqual(balances);
    expect(await ctx.services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });

    // Refunds in every state moved the orders; the unpaid checkouts are pending orders, priced as they were.
    const statuses = await Promise.all(
      (before.buyerPurchases as Purchase[]).map(async (purchase) => (await ctx.services.orders.byId(purchase._id))?.status),
    );
    expect(statuses.sort()).toEqual(['paid', 'paid', 'paid', 'refunded', 'refunded']);
    expect(await ctx.services.orders.byIntent('simulated', unpaid.paymentIntentId)).toMatchObject({
      status: 'pending',
      totalCents: unpaid.amount,
    });
    const opened = await ctx.services.orders.byIntent('simulated', 'pi_opened_before_0023');
    expect(opened).toMatchObject({ status: 'pending', totalCents: 4999, buyerId: buyer._id });
    expect(opened!.lines.map((line) => [line.kind, line.listCents, line.paidCents, line.sellerId]).sort()).toEqual([
      ['licence', 4999, 4999, history.busy._id],
      ['reskin', 9900, 9900, history.busy._id],
    ]);

    // The new tables take new sales and refunds.
    const bought = await buyWithCard(ctx, buyer, [singleLine(tool)]);
    const refunded = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/purchase/refund',
      payload: { purchaseId: bought._id, productId: tool, reason: 'Bought twice' },
    });
    expect(refunded.statusCode).toBe(200);
    expect((await ctx.services.orders.byId(bought._id))?.status).toBe('refunded');
    expect(await ctx.services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });
  });
});
