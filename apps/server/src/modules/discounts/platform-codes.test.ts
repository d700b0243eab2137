import { type CartPrice, type Discount, type Earnings, type Statement } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { confirmCard, multiLine, postPurchaseDetail, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, createApprovedProduct } from '../../test/factories.js';
import { createUser, injectAs, type TestContext, type TestUser } from '../../test/helper.js';

async function marketplace(ctx: TestContext) {
  const admin = await createUser(ctx, { role: 'Admin' });
  const sellerA = await createUser(ctx);
  const sellerB = await createUser(ctx);
  const buyer = await createUser(ctx);
  const runner = await createApprovedProduct(ctx, sellerA, admin, { singleAppLicense: '40', multiAppLicense: '100' });
  const racer = await createApprovedProduct(ctx, sellerB, admin, { singleAppLicense: '50', multiAppLicense: '120' });
  return { admin, sellerA, sellerB, buyer, runner, racer };
}

const platformCode = (ctx: TestContext, user: TestUser | null, body: Record<string, unknown>) =>
  injectAs(ctx, user, { method: 'POST', url: '/api/discount/platform', payload: { kind: 'percent', amount: 20, ...body } });

const priceCart = async (ctx: TestContext, buyer: TestUser, products: unknown[], code: string) =>
  (await injectAs(ctx, buyer, { method: 'POST', url: '/api/cart/price', payload: { products, code } })).json() as CartPrice;

async function payWithCode(ctx: TestContext, buyer: TestUser, products: unknown[], code: string) {
  const intent = await injectAs(ctx, buyer, {
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    payload: { products, currency: 'usd', code },
  });
  expect(intent.statusCode).toBe(200);
  const { clientSecret, paymentIntentId, amount } = intent.json() as { clientSecret: string; paymentIntentId: string; amount: number };
  expect((await confirmCard(ctx, buyer, clientSecret)).statusCode).toBe(200);
  const recorded = await postPurchaseDetail(ctx, buyer, paymentIntentId);
  expect(recorded.statusCode).toBe(201);
  return { paymentIntentId, amount, purchaseId: (recorded.json() as { purchase: { _id: string } }).purchase._id };
}

const balances = async (ctx: TestContext, ...accounts: Array<`seller:${string}` | 'platform:promotions' | 'provider:simulated'>) =>
  Promise.all(accounts.map((account) => ctx.services.ledger.balanceOf(account)));

describe('platform codes', () => {
  it("take 20% off another seller's line at the platform's cost: the seller earns the full price, and a refund turns it all round", async () => {
    const ctx = await buildCatalogueApp();
    const { admin, sellerA, sellerB, buyer, runner, racer } = await marketplace(ctx);
    const made = await platformCode(ctx, admin, { code: 'Market20' });
    expect(made.statusCode).toBe(201);
    const cart = [singleLine(runner._id), singleLine(racer._id)];

    expect(await priceCart(ctx, buyer, cart, 'market20')).toMatchObject({
      lines: [
        { productId: runner._id, listPrice: 40, discount: 8, price: 32 },
        { productId: racer._id, listPrice: 50, discount: 10, price: 40 },
      ],
      total: 72,
      code: { applied: true, message: 'Code applied' },
    });
    const { amount, paymentIntentId, purchaseId } = await payWithCode(ctx, buyer, cart, 'MARKET20');
    expect(amount).toBe(7200);

    // Each seller earns the price before the code; the platform pays what the code took off.
    const order = await ctx.services.orders.byIntent('simulated', paymentIntentId);
    expect(order!.lines.find((line) => line.productId === racer._id)).toMatchObject({
      listCents: 5000,
      discountCents: 1000,
      platformDiscountCents: 1000,
      paidCents: 4000,
    });
    expect(await balances(ctx, `seller:${sellerA._id}`, `seller:${sellerB._id}`, 'platform:promotions', 'provider:simulated')).toEqual([
      4000, 5000, -1800, -7200,
    ]);
    expect(((await injectAs(ctx, sellerB, { method: 'GET', url: '/api/user/earnings' })).json() as Earnings).totalEarnings).toBe(50);
    // The seller's statement: the line's list price, nothing the seller gave off, and all of it earned.
    const statement = (await injectAs(ctx, sellerB, { method: 'GET', url: '/api/user/statement' })).json() as Statement;
    expect(statement.entries).toMatchObject([{ kind: 'sale', productId: racer._id, listCents: 5000, discountCents: 0, amountCents: 5000 }]);
    // The code's own list counts the use and what its orders paid.
    const codes = (await injectAs(ctx, admin, { method: 'GET', url: '/api/discount/platform' })).json() as Discount[];
    expect(codes).toMatchObject([{ code: 'Market20', redemptions: 1, revenue: 72, discounted: 18 }]);

    ctx.clock.advance(60_000);
    // Seller B's line refunded: the buyer gets what they paid, the seller gives back what they earned, the platform gets its part.
    const refunded = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/purchase/refund',
      payload: { purchaseId, productId: racer._id, reason: 'Wrong game' },
    });
    expect(refunded.json()).toMatchObject({ refunded: [{ productId: racer._id, amount: 40, refundedNow: true }] });
    expect(await balances(ctx, `seller:${sellerA._id}`, `seller:${sellerB._id}`, 'platform:promotions', 'provider:simulated')).toEqual([
      4000, 0, -800, -3200,
    ]);
    expect((await ctx.services.payments.refundedCentsOf(paymentIntentId)) ?? 0).toBe(4000);
    const after = (await injectAs(ctx, sellerB, { method: 'GET', url: '/api/user/statement' })).json() as Statement;
    expect(after.entries.map((entry) => [entry.kind, entry.amountCents, entry.discountCents])).toEqual([
      ['refund', -5000, 0],
      ['sale', 5000, 0],
    ]);
    expect(await ctx.services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });
  });

  it('are made by admins only, kept apart from sellers’ codes, and keep the rules: named products, one code per order, its uses', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, sellerA, sellerB, buyer, runner, racer } = await marketplace(ctx);
    expect((await platformCode(ctx, sellerA, { code: 'NOPE' })).statusCode).toBe(403);
    expect((await platformCode(ctx, null, { code: 'NOPE' })).statusCode).toBe(401);
    expect((await injectAs(ctx, sellerA, { method: 'GET', url: '/api/discount/platform' })).statusCode).toBe(403);

    // Only seller B's racer, multi licences, once: seller A's line and single licences keep their prices.
    const code = (
      await platformCode(ctx, admin, {
        code: 'RACE10',
        kind: 'fixed',
        amount: 10,
        productIds: [racer._id],
        licenceTypes: ['Multi App License'],
        maxRedemptions: 1,
      })
    ).json() as Discount;
    expect((await platformCode(ctx, admin, { code: 'race10' })).json()).toMatchObject({
      message: 'There is already a platform code RACE10',
    });
    // A seller may have a code with the same text: it is the seller's, apart from the platform's.
    expect(
      (await injectAs(ctx, sellerA, { method: 'POST', url: '/api/discount', payload: { code: 'RACE10', kind: 'percent', amount: 5 } }))
        .statusCode,
    ).toBe(201);
    expect(((await injectAs(ctx, sellerA, { method: 'GET', url: '/api/discount' })).json() as Discount[]).map((c) => c.code)).toEqual([
      'RACE10',
    ]);
    // A seller's calls never reach the platform's code.
    expect((await injectAs(ctx, sellerB, { method: 'DELETE', url: `/api/discount/${code._id}` })).statusCode).toBe(404);
    expect((await injectAs(ctx, admin, { method: 'DELETE', url: `/api/discount/${code._id}` })).statusCode).toBe(404);

    // Of the two RACE10 codes, the one that takes most off this cart: the platform's $10 on the racer's multi licence.
    const puzzle = await createApprovedProduct(ctx, sellerB, admin, { singleAppLicense: '30', multiAppLicense: '60' });
    const priced = await priceCart(ctx, buyer, [singleLine(runner._id), multiLine(racer._id), multiLine(puzzle._id)], 'race10');
    expect(priced.lines.map((line) => line.discount)).toEqual([0, 10, 0]);
    expect(priced.total).toBe(40 + 110 + 60);
    expect((await priceCart(ctx, buyer, [singleLine(racer._id)], 'race10')).code).toMatchObject({
      applied: false,
      message: 'This code does not apply to these products',
    });
    expect(
      (
        await injectAs(ctx, buyer, {
          method: 'POST',
          url: '/api/cart/price',
          payload: { products: [multiLine(racer._id)], code: 'RACE10 X' },
        })
      ).statusCode,
    ).toBe(400);

    await payWithCode(ctx, buyer, [multiLine(racer._id)], 'RACE10');
    const other = await createUser(ctx);
    expect((await priceCart(ctx, other, [multiLine(racer._id)], 'RACE10')).code).toMatchObject({
      applied: false,
      message: 'This code has been used up',
    });
    expect(await ctx.services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });
    expect(await ctx.services.ledger.balanceOf(`seller:${sellerB._id}`)).toBe(12_000);
  });

  it('take their percent off a sale price: the seller funds the sale, the platform the code', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, sellerB, buyer, racer } = await marketplace(ctx);
    const sale = await injectAs(ctx, sellerB, {
      method: 'POST',
      url: '/api/sale',
      payload: {
        productIds: [racer._id],
        percent: 20,
        startsAt: ctx.clock.now().toISOString(),
        endsAt: new Date(ctx.clock.now().getTime() + 86_400_000).toISOString(),
      },
    });
    expect(sale.statusCode).toBe(201);
    expect((await platformCode(ctx, admin, { code: 'HALF', amount: 50 })).statusCode).toBe(201);

    const { paymentIntentId } = await payWithCode(ctx, buyer, [singleLine(racer._id)], 'HALF');

    // $50 listed, $40 on sale, $20 paid: the seller earns the sale price, the platform pays $20 of it.
    const order = await ctx.services.orders.byIntent('simulated', paymentIntentId);
    expect(order!.lines[0]).toMatchObject({ listCents: 5000, discountCents: 3000, platformDiscountCents: 2000, paidCents: 2000 });
    expect(await balances(ctx, `seller:${sellerB._id}`, 'platform:promotions')).toEqual([4000, -2000]);
    const statement = (await injectAs(ctx, sellerB, { method: 'GET', url: '/api/user/statement' })).json() as Statement;
    expect(statement.entries).toMatchObject([{ kind: 'sale', listCents: 5000, discountCents: 1000, amountCents: 4000 }]);
  });
});
