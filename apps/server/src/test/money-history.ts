import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { reskinQuotedWith, soldLicenceLines } from '../modules/orders/index.js';
import { expect } from 'vitest';
import { buyWithCard, multiLine, singleLine } from './commerce.js';
import { createApprovedProduct, type CatalogueContext } from './factories.js';
import { createUser, injectAs, stepUpWithPassword, type TestContext, type TestUser } from './helper.js';
import { recordPurchase } from './sales.js';

const withdraw = async (ctx: CatalogueContext, user: TestUser, amount: number) => {
  await stepUpWithPassword(ctx, user);
  return injectAs(ctx, user, {
    method: 'POST',
    url: '/api/withdraw/withdrawDetil',
    payload: { email: 'paypal@example.com', withdrawAmount: amount },
  });
};
const markPaid = (ctx: CatalogueContext, admin: TestUser, id: string) =>
  injectAs(ctx, admin, { method: 'PUT', url: `/api/withdraw/updateStatus/${id}` });
const refund = (ctx: CatalogueContext, admin: TestUser, purchaseId: string, productId: string) =>
  injectAs(ctx, admin, {
    method: 'POST',
    url: '/api/purchase/refund',
    payload: { purchaseId, productId, reason: 'Buyer could not open the project' },
  });
const availableOf = async (ctx: CatalogueContext, user: TestUser) =>
  ((await injectAs(ctx, user, { method: 'GET', url: '/api/user/earnings' })).json() as { availableBalance: number }).availableBalance;

/** Four sellers with every kind of history: sales with and without reskins, refunds, withdrawals in both states, a debt. */
export async function variedHistory(ctx: CatalogueContext) {
  const admin = await createUser(ctx, { role: 'Admin' });
  const buyer = await createUser(ctx);
  const sellers = await Promise.all([createUser(ctx), createUser(ctx), createUser(ctx), createUser(ctx)]);
  const [busy, refunded, inDebt, idle] = sellers as [TestUser, TestUser, TestUser, TestUser];
  const productOf = async (seller: TestUser) => (await createApprovedProduct(ctx, seller, admin))._id;
  const [game, tool, puzzle, runner] = [await productOf(busy), await productOf(busy), await productOf(refunded), await productOf(inDebt)];

  await recordPurchase(ctx, buyer._id, [
    { productId: game, priceCents: 4999, reskinPriceCents: 9900 },
    { productId: tool, priceCents: 14_900, licenseType: 'Multi App License' },
    { productId: puzzle, priceCents: 2599 },
  ]);
  await recordPurchase(ctx, buyer._id, [{ productId: game, priceCents: 1 }]);
  // Refunds go through the payment provider: these two are paid at the checkout.
  const refundedPurchase = (await buyWithCard(ctx, buyer, [singleLine(puzzle, 'true')]))._id;
  const debtPurchase = (await buyWithCard(ctx, buyer, [multiLine(runner)]))._id;

  const paid = (await withdraw(ctx, busy, 30.01)).json() as { withdrawal: { _id: string } };
  expect((await markPaid(ctx, admin, paid.withdrawal._id)).statusCode).toBe(200);
  expect((await withdraw(ctx, busy, 0.07)).statusCode).toBe(201);
  expect((await refund(ctx, admin, refundedPurchase, puzzle)).statusCode).toBe(200);
  // Paid out, then refunded: the seller owes the platform.
  const debt = (await withdraw(ctx, inDebt, await availableOf(ctx, inDebt))).json() as { withdrawal: { _id: string } };
  expect((await markPaid(ctx, admin, debt.withdrawal._id)).statusCode).toBe(200);
  expect((await refund(ctx, admin, debtPurchase, runner)).statusCode).toBe(200);
  return { admin, sellers, busy, refunded, inDebt, idle, game, tool, puzzle, runner, buyer };
}

const cents = (value: number) => Math.round(value) / 100;

/** `purchase_lines` and `purchases` as the schema before migration 0023 kept them. */
export interface LegacyTables {
  products: Database['products'];
  purchases: { id: string; user_id: string; payment_id: string; amount_paid_cents: number; transaction_id: string; created_at: string };
  purchase_lines: {
    id: string;
    purchase_id: string;
    product_id: string;
    license_type: string;
    is_reskin: number;
    price_cents: number;
    reskin_price_cents: number;
    purchase_code: string;
    status: string;
  };
}

/**
 * docs/product-spec.md §9's figures as the code before the ledger summed them, in cents: sales by the
 * product's owner, refunds from their claim on, withdrawals by state.
 */
export async function figuresBeforeTheLedger(ctx: TestContext, sellerId: string, schema: 'current' | 'before 0023' = 'current') {
  const sales =
    schema === 'current'
      ? await soldLicenceLines(ctx.db)
          .innerJoin('products', 'products.id', 'l.product_id')
          .where('products.user_id', '=', sellerId)
          .select([
            sql<number>`coalesce(sum(l.paid_cents), 0)`.as('earnings'),
            sql<number>`coalesce(sum(coalesce(${reskinQuotedWith('l')}, 0)), 0)`.as('reskin'),
          ])
          .executeTakeFirstOrThrow()
      : // The tables before migration 0023, which today's schema type no longer knows.
        await (ctx.db as unknown as Kysely<LegacyTables>)
          .selectFrom('purchase_lines')
          .innerJoin('products', 'products.id', 'purchase_lines.product_id')
          .where('products.user_id', '=', sellerId)
          .select([
            sql<number>`coalesce(sum(purchase_lines.price_cents), 0)`.as('earnings'),
            sql<number>`coalesce(sum(case when purchase_lines.is_reskin = 1 then purchase_lines.reskin_price_cents else 0 end), 0)`.as(
              'reskin',
            ),
          ])
          .executeTakeFirstOrThrow();
  const withdrawals = await ctx.db
    .selectFrom('withdrawals')
    .where('user_id', '=', sellerId)
    .select([
      sql<number>`coalesce(sum(case when status = 'Pending' then amount_cents else 0 end), 0)`.as('pending'),
      sql<number>`coalesce(sum(case when status = 'Success' then amount_cents else 0 end), 0)`.as('withdrawn'),
    ])
    .executeTakeFirstOrThrow();
  const refunds = await ctx.db
    .selectFrom('refunds')
    .where('seller_id', '=', sellerId)
    .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('refunded'))
    .executeTakeFirstOrThrow();
  const net = Number(sales.earnings) - Number(refunds.refunded);
  return {
    totalEarnings: cents(net),
    dashboardTotal: cents(net + Number(sales.reskin)),
    pendingWithdrawals: cents(Number(withdrawals.pending)),
    withdrawn: cents(Number(withdrawals.withdrawn)),
    availableBalance: cents(net - Number(withdrawals.pending) - Number(withdrawals.withdrawn)),
    refunded: cents(Number(refunds.refunded)),
  };
}
