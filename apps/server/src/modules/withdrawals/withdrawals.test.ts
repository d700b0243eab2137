import { describe, expect, it } from 'vitest';
import { buildCatalogueApp, createApprovedProduct, type CatalogueContext } from '../../test/factories.js';
import { buyWithCard, singleLine } from '../../test/commerce.js';
import { createUser, injectAs, type TestUser } from '../../test/helper.js';
import { recordPurchase } from '../../test/sales.js';

const withdraw = (ctx: CatalogueContext, user: TestUser | null, payload: unknown) =>
  injectAs(ctx, user, { method: 'POST', url: '/api/withdraw/withdrawDetil', payload: payload as Record<string, unknown> });
const earningsOf = async (ctx: CatalogueContext, user: TestUser) =>
  (await injectAs(ctx, user, { method: 'GET', url: '/api/user/earnings' })).json();

/** A seller whose product was bought once for `priceCents`, and the admin. */
async function sellerWithSale(ctx: CatalogueContext, priceCents: number) {
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const buyer = await createUser(ctx);
  const product = await createApprovedProduct(ctx, seller, admin);
  await recordPurchase(ctx, buyer._id, [{ productId: product._id, priceCents }]);
  return { admin, seller, buyer, product };
}

describe('earnings', () => {
  it("adds up the licence prices of the seller's sold lines, the dashboard also their reskin prices, and never other sellers' sales", async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    const otherSeller = await createUser(ctx);
    const buyer = await createUser(ctx);
    const runner = await createApprovedProduct(ctx, seller, admin, { title: JSON.stringify({ en: 'Runner' }) });
    const puzzle = await createApprovedProduct(ctx, seller, admin, { title: JSON.stringify({ en: 'Puzzle' }) });
    const foreign = await createApprovedProduct(ctx, otherSeller, admin, { title: JSON.stringify({ en: 'Foreign' }) });
    await recordPurchase(ctx, buyer._id, [
      { productId: runner._id, priceCents: 4999, reskinPriceCents: 9900 },
      { productId: foreign._id, priceCents: 100_000 },
    ]);
    await recordPurchase(ctx, buyer._id, [{ productId: puzzle._id, priceCents: 14_900, licenseType: 'Multi App License' }]);

    const response = await injectAs(ctx, seller, { method: 'GET', url: '/api/user/earnings' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      totalEarnings: 198.99,
      dashboardTotal: 297.99,
      pendingWithdrawals: 0,
      withdrawn: 0,
      availableBalance: 198.99,
      refunded: 0,
    });
    const sales = (await injectAs(ctx, seller, { method: 'GET', url: '/api/user/sales' })).json();
    expect(sales.map((sale: { title: string }) => sale.title).sort()).toEqual(['Puzzle', 'Runner']);
    expect(sales.find((sale: { title: string }) => sale.title === 'Runner')).toMatchObject({
      price: 49.99,
      isReskin: 'true',
      reskinPrice: 99,
    });
  });

  it('counts a sale paid through the checkout: the licence price as earnings, the reskin price on the dashboard only', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    const buyer = await createUser(ctx);
    const product = await createApprovedProduct(ctx, seller, admin, { singleAppLicense: '49.99', reskinPrice: '99' });

    await buyWithCard(ctx, buyer, [singleLine(product._id, 'true')]);

    expect(await earningsOf(ctx, seller)).toEqual({
      totalEarnings: 49.99,
      dashboardTotal: 148.99,
      pendingWithdrawals: 0,
      withdrawn: 0,
      availableBalance: 49.99,
      refunded: 0,
    });
    expect((await withdraw(ctx, seller, { email: 'payout@example.com', withdrawAmount: 50 })).statusCode).toBe(400);
    expect((await withdraw(ctx, seller, { email: 'payout@example.com', withdrawAmount: 49.99 })).statusCode).toBe(201);
  });

  it('answers a visitor with 401', async () => {
    const ctx = await buildCatalogueApp();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/user/earnings' });
    expect(response.statusCode).toBe(401);
  });
});

describe('withdrawal requests', () => {
  it('records a Pending withdrawal for the session user, ignoring a userId in the body, and moves it out of the balance', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, buyer } = await sellerWithSale(ctx, 10_000);

    const response = await withdraw(ctx, seller, { email: 'payout@example.com', withdrawAmount: 25.5, userId: buyer._id });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'Withdrawl Successfull',
      message: 'Withdrawl request has been send successfully',
      withdrawal: {
        userId: seller._id,
        email: 'payout@example.com',
        withdrawAmount: 25.5,
        payoutAmount: 23.46,
        status: 'Pending',
        paidAt: null,
      },
    });
    expect(await earningsOf(ctx, seller)).toEqual({
      totalEarnings: 100,
      dashboardTotal: 100,
      pendingWithdrawals: 25.5,
      withdrawn: 0,
      availableBalance: 74.5,
      refunded: 0,
    });
  });

  it('accepts the amount as numeric text, as a form sends it', async () => {
    const ctx = await buildCatalogueApp();
    const { seller } = await sellerWithSale(ctx, 10_000);
    const response = await withdraw(ctx, seller, { email: 'payout@example.com', withdrawAmount: '19.99' });
    expect(response.statusCode).toBe(201);
    expect(response.json().withdrawal).toMatchObject({ withdrawAmount: 19.99, payoutAmount: 18.39 });
  });

  it.each([0, -1, 1.001, 'abc', '', true, null])('refuses the amount %j with 400', async (withdrawAmount) => {
    const ctx = await buildCatalogueApp();
    const { seller } = await sellerWithSale(ctx, 10_000);
    const response = await withdraw(ctx, seller, { email: 'payout@example.com', withdrawAmount });
    expect(response.statusCode).toBe(400);
    expect((await earningsOf(ctx, seller)).pendingWithdrawals).toBe(0);
  });

  it('refuses an amount too large for a double (1e309) with 400', async () => {
    const ctx = await buildCatalogueApp();
    const { seller } = await sellerWithSale(ctx, 10_000);
    const response = await injectAs(ctx, seller, {
      method: 'POST',
      url: '/api/withdraw/withdrawDetil',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"payout@example.com","withdrawAmount":1e309}',
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a bad PayPal email with 400', async () => {
    const ctx = await buildCatalogueApp();
    const { seller } = await sellerWithSale(ctx, 10_000);
    const response = await withdraw(ctx, seller, { email: 'not-an-email', withdrawAmount: 5 });
    expect(response.statusCode).toBe(400);
  });

  it("answers 'Insufficient Balance' one cent above the available balance and accepts the exact balance", async () => {
    const ctx = await buildCatalogueApp();
    const { seller } = await sellerWithSale(ctx, 4999);
    expect((await withdraw(ctx, seller, { email: 'payout@example.com', withdrawAmount: 20 })).statusCode).toBe(201);

    const tooMuch = await withdraw(ctx, seller, { email: 'payout@example.com', withdrawAmount: 30 });
    const exact = await withdraw(ctx, seller, { email: 'payout@example.com', withdrawAmount: 29.99 });

    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json()).toEqual({
      message: 'Insufficient Balance',
      detail: 'You do not have enough balance to withdraw this amount.',
      availableBalance: 29.99,
    });
    expect(exact.statusCode).toBe(201);
    expect((await earningsOf(ctx, seller)).availableBalance).toBe(0);
  });

  it('lets a user without sales withdraw nothing', async () => {
    const ctx = await buildCatalogueApp();
    const user = await createUser(ctx);
    const response = await withdraw(ctx, user, { email: 'payout@example.com', withdrawAmount: 0.01 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Insufficient Balance');
  });

  it('accepts exactly one of 20 simultaneous requests for the whole balance', async () => {
    const ctx = await buildCatalogueApp();
    const { seller } = await sellerWithSale(ctx, 12_345);

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(ctx, seller, { email: 'payout@example.com', withdrawAmount: 123.45 })),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(19);
    for (const response of responses.filter((r) => r.statusCode === 400)) expect(response.json().message).toBe('Insufficient Balance');
    expect(await earningsOf(ctx, seller)).toMatchObject({ pendingWithdrawals: 123.45, availableBalance: 0 });
    const stored = await ctx.db.selectFrom('withdrawals').select('amount_cents').where('user_id', '=', seller._id).execute();
    expect(stored).toEqual([{ amount_cents: 12_345 }]);
  });

  it('answers a visitor with 401', async () => {
    const ctx = await buildCatalogueApp();
    const response = await withdraw(ctx, null, { email: 'payout@example.com', withdrawAmount: 5 });
    expect(response.statusCode).toBe(401);
  });
});

async function twoSellersWithRequests() {
  const ctx = await buildCatalogueApp();
  const { admin, seller } = await sellerWithSale(ctx, 10_000);
  const other = await sellerWithSale(ctx, 5_000);
  await withdraw(ctx, seller, { email: 'mine@example.com', withdrawAmount: 40 });
  await withdraw(ctx, other.seller, { email: 'theirs@example.com', withdrawAmount: 19.99 });
  return { ctx, admin, seller, otherSeller: other.seller };
}

describe('withdrawal lists and payouts', () => {
  it('shows an admin every withdrawal with its seller and the amount after the 8% fee', async () => {
    const { ctx, admin, seller, otherSeller } = await twoSellersWithRequests();

    const response = await injectAs(ctx, admin, { method: 'GET', url: '/api/withdraw/allWithdrawls?status=Pending' });

    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toHaveLength(2);
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          withdrawAmount: 40,
          payoutAmount: 36.8,
          seller: { _id: seller._id, name: seller.name, email: seller.email },
        }),
        expect.objectContaining({
          withdrawAmount: 19.99,
          payoutAmount: 18.39,
          seller: { _id: otherSeller._id, name: otherSeller.name, email: otherSeller.email },
        }),
      ]),
    );
  });

  it("shows a user only their own withdrawals and refuses another user's list with 403", async () => {
    const { ctx, seller, otherSeller } = await twoSellersWithRequests();

    const own = await injectAs(ctx, seller, { method: 'GET', url: '/api/withdraw/allWithdrawls' });
    const other = await injectAs(ctx, seller, { method: 'GET', url: `/api/withdraw/allWithdrawls?userId=${otherSeller._id}` });

    expect(own.json()).toHaveLength(1);
    expect(own.json()[0]).toMatchObject({ email: 'mine@example.com', userId: seller._id });
    expect(own.json()[0].seller).toBeUndefined();
    expect(other.statusCode).toBe(403);
  });

  it('refuses a User marking a withdrawal paid with 403 and leaves it Pending', async () => {
    const { ctx, seller } = await twoSellersWithRequests();
    const [mine] = (await injectAs(ctx, seller, { method: 'GET', url: '/api/withdraw/allWithdrawls' })).json();

    const response = await injectAs(ctx, seller, { method: 'PUT', url: `/api/withdraw/updateStatus/${mine._id}` });

    expect(response.statusCode).toBe(403);
    expect((await earningsOf(ctx, seller)).pendingWithdrawals).toBe(40);
  });

  it('lets an admin mark a Pending withdrawal paid once; the amount moves from pending to withdrawn', async () => {
    const { ctx, admin, seller } = await twoSellersWithRequests();
    const [mine] = (await injectAs(ctx, seller, { method: 'GET', url: '/api/withdraw/allWithdrawls' })).json();
    ctx.clock.advance(60_000);

    const first = await injectAs(ctx, admin, { method: 'PUT', url: `/api/withdraw/updateStatus/${mine._id}` });
    const again = await injectAs(ctx, admin, { method: 'PUT', url: `/api/withdraw/updateStatus/${mine._id}` });

    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      title: 'Withdrawal Successful',
      message: 'Withdrawal status updated',
      withdrawal: { _id: mine._id, status: 'Success', paidAt: ctx.clock.now().toISOString() },
    });
    expect(again.statusCode).toBe(409);
    expect(await earningsOf(ctx, seller)).toEqual({
      totalEarnings: 100,
      dashboardTotal: 100,
      pendingWithdrawals: 0,
      withdrawn: 40,
      availableBalance: 60,
      refunded: 0,
    });
    const success = (await injectAs(ctx, admin, { method: 'GET', url: '/api/withdraw/allWithdrawls?status=Success' })).json();
    expect(success.map((w: { _id: string }) => w._id)).toEqual([mine._id]);
  });

  it('answers 404 for an unknown withdrawal', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const response = await injectAs(ctx, admin, { method: 'PUT', url: '/api/withdraw/updateStatus/unknown-withdrawal' });
    expect(response.statusCode).toBe(404);
  });
});
