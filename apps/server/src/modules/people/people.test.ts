import { describe, expect, it } from 'vitest';
import { buildCatalogueApp, createApprovedProduct } from '../../test/factories.js';
import { buildTestApp, createUser, injectAs } from '../../test/helper.js';
import { recordPurchase } from '../../test/sales.js';

describe('people lists', () => {
  it('lists all users a page at a time, newest first, finds them by name or email, and never shows a secret', async () => {
    const ctx = await buildTestApp();
    const admin = await createUser(ctx, { role: 'Admin', name: 'Ada Admin' });
    for (const name of ['Bea Buyer', 'Cal Coder', 'Dee Dev']) {
      ctx.clock.advance(1000);
      await createUser(ctx, { name });
    }

    const firstPage = await injectAs(ctx, admin, { method: 'GET', url: '/api/user/listUsers?page=1&pageSize=2' });
    const secondPage = await injectAs(ctx, admin, { method: 'GET', url: '/api/user/listUsers?page=2&pageSize=2' });
    const byName = await injectAs(ctx, admin, { method: 'GET', url: '/api/user/listUsers?search=CAL' });
    const wildcard = await injectAs(ctx, admin, { method: 'GET', url: '/api/user/listUsers?search=%25' });

    expect(firstPage.statusCode).toBe(200);
    expect(firstPage.json()).toMatchObject({ total: 4, page: 1, pageSize: 2 });
    expect(firstPage.json().items.map((person: { name: string }) => person.name)).toEqual(['Dee Dev', 'Cal Coder']);
    expect(secondPage.json().items.map((person: { name: string }) => person.name)).toEqual(['Bea Buyer', 'Ada Admin']);
    expect(byName.json().items.map((person: { name: string }) => person.name)).toEqual(['Cal Coder']);
    expect(wildcard.json().total).toBe(0);
    expect(firstPage.body).not.toMatch(/password|hash|token/i);
  });

  it('lists purchasers with their purchase count, total spent and purchases', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx, { name: 'Sam Seller' });
    const buyer = await createUser(ctx, { name: 'Bo Buyer' });
    await createUser(ctx, { name: 'Nia Nobuy' });
    const product = await createApprovedProduct(ctx, seller, admin, { title: JSON.stringify({ en: 'Star Miner' }) });
    await recordPurchase(ctx, buyer._id, [{ productId: product._id, priceCents: 4999 }]);
    ctx.clock.advance(60_000);
    await recordPurchase(ctx, buyer._id, [
      { productId: product._id, priceCents: 14_900, licenseType: 'Multi App License', reskinPriceCents: 9900 },
    ]);

    const response = await injectAs(ctx, admin, { method: 'GET', url: '/api/user/purchasers' });
    const purchases = await injectAs(ctx, admin, { method: 'GET', url: `/api/user/purchasers/${buyer._id}/purchases` });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      total: 1,
      items: [{ _id: buyer._id, name: 'Bo Buyer', purchaseCount: 2, totalSpent: 198.99 }],
    });
    expect(purchases.json()).toHaveLength(2);
    expect(purchases.json()[0]).toMatchObject({
      amountPaid: 149,
      products: [{ productId: product._id, title: 'Star Miner', licenseType: 'Multi App License', isReskin: 'true', price: 149 }],
    });
  });

  it('lists sellers with their product count, units sold and earnings (licence prices only)', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx, { name: 'Sam Seller' });
    const quiet = await createUser(ctx, { name: 'Quinn Quiet' });
    const buyer = await createUser(ctx);
    const first = await createApprovedProduct(ctx, seller, admin);
    await createApprovedProduct(ctx, seller, admin, { title: JSON.stringify({ en: 'Second Game' }) });
    await createApprovedProduct(ctx, quiet, admin, { title: JSON.stringify({ en: 'Unsold Game' }) });
    await recordPurchase(ctx, buyer._id, [{ productId: first._id, priceCents: 2500, reskinPriceCents: 5000 }]);
    await recordPurchase(ctx, buyer._id, [{ productId: first._id, priceCents: 2500 }]);

    const response = await injectAs(ctx, admin, { method: 'GET', url: '/api/user/sellers' });
    const searched = await injectAs(ctx, admin, {
      method: 'GET',
      url: `/api/user/sellers?search=${encodeURIComponent(quiet.email.toUpperCase())}`,
    });

    expect(response.json()).toMatchObject({
      total: 2,
      items: [
        { _id: seller._id, productCount: 2, salesCount: 2, earnings: 50 },
        { _id: quiet._id, productCount: 1, salesCount: 0, earnings: 0 },
      ],
    });
    expect(searched.json().items.map((person: { _id: string }) => person._id)).toEqual([quiet._id]);
  });

  it.each(['/api/user/listUsers', '/api/user/purchasers', '/api/user/sellers', '/api/user/getUsers'])(
    'refuses %s to a User with 403 and to a visitor with 401',
    async (url) => {
      const ctx = await buildTestApp();
      const user = await createUser(ctx);
      expect((await injectAs(ctx, user, { method: 'GET', url })).statusCode).toBe(403);
      expect((await injectAs(ctx, null, { method: 'GET', url })).statusCode).toBe(401);
    },
  );

  it('refuses a page size above 100 with 400', async () => {
    const ctx = await buildTestApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const response = await injectAs(ctx, admin, { method: 'GET', url: '/api/user/listUsers?pageSize=1000' });
    expect(response.statusCode).toBe(400);
  });
});
