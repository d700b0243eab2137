import type { Purchase } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buyWithCard, confirmCard, multiLine, openIntent, postPurchaseDetail, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, createApprovedProduct, tinyZip } from '../../test/factories.js';
import { createUser, injectAs, type TestUser } from '../../test/helper.js';
import type { CatalogueContext } from '../../test/factories.js';

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

async function shop() {
  const ctx = await buildCatalogueApp();
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const buyer = await createUser(ctx, { name: 'Jamie Buyer' });
  const runner = await createApprovedProduct(ctx, seller, admin, { singleAppLicense: '49.99', multiAppLicense: '149', reskinPrice: '99' });
  const puzzle = await createApprovedProduct(ctx, seller, admin, { title: JSON.stringify({ en: 'Block Puzzle' }), singleAppLicense: '20', multiAppLicense: '35' });
  return { ctx, admin, seller, buyer, runner, puzzle };
}

const downloadsOf = async (ctx: CatalogueContext, productId: string) =>
  Number((await ctx.db.selectFrom('products').select('downloads').where('id', '=', productId).executeTakeFirstOrThrow()).downloads);

const download = (ctx: CatalogueContext, user: TestUser, purchase: Purchase, productId: string) =>
  injectAs(ctx, user, { method: 'GET', url: `/api/purchase/download/${purchase._id}/${productId}` });

describe('recording a purchase', () => {
  it('records what the intent priced, whatever amount, status or products the browser claims', async () => {
    const { ctx, buyer, runner, puzzle } = await shop();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id, 'true'), multiLine(puzzle._id)]);
    await confirmCard(ctx, buyer, intent.clientSecret);

    const response = await postPurchaseDetail(ctx, buyer, intent.paymentIntentId, {
      amountPaid: 0.01,
      paymentStatus: 'succeeded',
      userId: 'someoneelse1',
      products: [{ productId: puzzle._id, licenseType: 'Multi App License', isReskin: 'false' }],
    });

    expect(response.statusCode).toBe(201);
    const { message, purchase } = response.json() as { message: string; purchase: Purchase };
    expect(message).toBe('Purchase recorded');
    expect(purchase).toMatchObject({ userId: buyer._id, amountPaid: 84.99, transactionId: intent.paymentIntentId, paymentStatus: 'succeeded', createdAt: '2026-01-15T10:00:00.000Z' });
    expect(purchase.buyer).toBeUndefined();
    expect(purchase.products).toHaveLength(2);
    expect(purchase.products.find((line) => line.productId === runner._id)).toEqual({
      productId: runner._id,
      title: 'Space Runner',
      slug: 'Space-Runner',
      thumbnail: runner.thumbnail,
      category: 'Android',
      licenseType: 'Single App License',
      isReskin: 'true',
      price: 49.99,
      reskinPrice: 99,
      download: 'true',
      downloadExpiresAt: '2026-01-15T18:00:00.000Z',
    });
    expect(purchase.products.find((line) => line.productId === puzzle._id)).toMatchObject({ price: 35, reskinPrice: null, downloadExpiresAt: '2026-01-16T10:00:00.000Z' });
    expect(await downloadsOf(ctx, runner._id)).toBe(1);
    expect(await downloadsOf(ctx, puzzle._id)).toBe(1);
  });

  it('refuses a forged purchaseDetail naming an unknown intent or one that was never paid', async () => {
    const { ctx, buyer, runner } = await shop();
    const unpaid = await openIntent(ctx, buyer, [singleLine(runner._id)]);

    const unknown = await postPurchaseDetail(ctx, buyer, 'pi_made_up_by_the_browser', { paymentStatus: 'succeeded', amountPaid: 49.99 });
    const notPaid = await postPurchaseDetail(ctx, buyer, unpaid.paymentIntentId, { paymentStatus: 'succeeded', amountPaid: 49.99 });

    expect(unknown.statusCode).toBe(404);
    expect(notPaid.statusCode).toBe(402);
    expect(notPaid.json()).toEqual({ message: 'The payment has not succeeded' });
    expect(await ctx.db.selectFrom('purchases').select('id').execute()).toHaveLength(0);
    expect(await downloadsOf(ctx, runner._id)).toBe(0);
  });

  it("refuses to record another user's paid intent as one's own", async () => {
    const { ctx, buyer, runner } = await shop();
    const thief = await createUser(ctx);
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    await confirmCard(ctx, buyer, intent.clientSecret);

    const response = await postPurchaseDetail(ctx, thief, intent.paymentIntentId);

    expect(response.statusCode).toBe(403);
    expect(await ctx.db.selectFrom('purchases').select('id').execute()).toHaveLength(0);
  });

  it('records one purchase and counts one download however often and however concurrently the intent is posted', async () => {
    const { ctx, buyer, runner, puzzle } = await shop();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id), singleLine(puzzle._id)]);
    await confirmCard(ctx, buyer, intent.clientSecret);

    const responses = await Promise.all(Array.from({ length: 20 }, () => postPurchaseDetail(ctx, buyer, intent.paymentIntentId)));
    const again = await postPurchaseDetail(ctx, buyer, intent.paymentIntentId);

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(19);
    expect(again.statusCode).toBe(200);
    const ids = new Set([...responses, again].map((response) => (response.json() as { purchase: Purchase }).purchase._id));
    expect(ids.size).toBe(1);
    expect(await ctx.db.selectFrom('purchases').select('id').execute()).toHaveLength(1);
    expect(await ctx.db.selectFrom('purchase_lines').select('id').execute()).toHaveLength(2);
    expect(await downloadsOf(ctx, runner._id)).toBe(1);
    expect(await downloadsOf(ctx, puzzle._id)).toBe(1);
  });

  it('ignores PUT updateProductDownloads, so nobody can inflate the counts', async () => {
    const { ctx, buyer, runner } = await shop();
    await buyWithCard(ctx, buyer, [singleLine(runner._id)]);

    await injectAs(ctx, buyer, { method: 'PUT', url: '/api/product/updateProductDownloads', payload: { productIds: [runner._id, runner._id] } });

    expect(await downloadsOf(ctx, runner._id)).toBe(1);
  });
});

const deleteProduct = (ctx: CatalogueContext, admin: TestUser, productId: string) =>
  injectAs(ctx, admin, { method: 'DELETE', url: `/api/product/delProduct/${productId}` });

describe('deleting a product while buyers are paying for it', () => {
  it('refuses to delete a product in an open checkout, and lets a product nobody is paying for go', async () => {
    const { ctx, admin, buyer, runner, puzzle } = await shop();
    await openIntent(ctx, buyer, [singleLine(runner._id)]);

    const inCheckout = await deleteProduct(ctx, admin, runner._id);
    const elsewhere = await deleteProduct(ctx, admin, puzzle._id);

    expect(inCheckout.statusCode).toBe(409);
    expect(inCheckout.json().message).toBe('A buyer is paying for this product right now; it cannot be deleted until the checkout ends');
    expect((await injectAs(ctx, admin, { method: 'GET', url: `/api/product/${runner._id}` })).statusCode).toBe(200);
    expect(elsewhere.statusCode).toBe(200);
  });

  it('lets the product go once the checkout has been left open for three days', async () => {
    const { ctx, admin, buyer, runner } = await shop();
    await openIntent(ctx, buyer, [multiLine(runner._id)]);

    ctx.clock.advance(72 * HOUR - SECOND);
    const justBefore = await deleteProduct(ctx, admin, runner._id);
    ctx.clock.advance(2 * SECOND);
    const after = await deleteProduct(ctx, admin, runner._id);

    expect(justBefore.statusCode).toBe(409);
    expect(after.statusCode).toBe(200);
  });

  it('still refuses to delete a product once its purchase is recorded', async () => {
    const { ctx, admin, buyer, runner } = await shop();
    await buyWithCard(ctx, buyer, [singleLine(runner._id)]);

    const response = await deleteProduct(ctx, admin, runner._id);

    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This product has been sold and cannot be deleted');
  });

  it('answers a clear 409 and keeps the payment when a paid product was deleted after the checkout horizon', async () => {
    const { ctx, admin, buyer, runner, puzzle } = await shop();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id), singleLine(puzzle._id)]);
    expect((await confirmCard(ctx, buyer, intent.clientSecret)).statusCode).toBe(200);
    ctx.clock.advance(73 * HOUR);
    expect((await deleteProduct(ctx, admin, puzzle._id)).statusCode).toBe(200);

    const response = await postPurchaseDetail(ctx, buyer, intent.paymentIntentId);

    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^Your payment went through, but a product in it has been removed/);
    const payment = await ctx.db.selectFrom('payments').selectAll().where('provider_intent_id', '=', intent.paymentIntentId).executeTakeFirst();
    expect(payment).toMatchObject({ user_id: buyer._id, amount_cents: 4999 + 2000, status: 'created' });
    expect(await ctx.db.selectFrom('purchases').select('id').execute()).toHaveLength(0);
  });
});

describe('listing purchases', () => {
  it('gives an admin every purchase with its buyer, a user only their own, newest first', async () => {
    const { ctx, admin, buyer, runner, puzzle } = await shop();
    const other = await createUser(ctx, { name: 'Other Buyer' });
    const first = await buyWithCard(ctx, buyer, [singleLine(runner._id)]);
    ctx.clock.advance(HOUR);
    const second = await buyWithCard(ctx, other, [multiLine(puzzle._id)]);
    ctx.clock.advance(HOUR);
    const third = await buyWithCard(ctx, buyer, [multiLine(puzzle._id)]);

    const asAdmin = (await injectAs(ctx, admin, { method: 'GET', url: '/api/purchase/allPurchases' })).json() as Purchase[];
    const asBuyer = (await injectAs(ctx, buyer, { method: 'GET', url: '/api/purchase/allPurchases' })).json() as Purchase[];
    const asOther = (await injectAs(ctx, other, { method: 'GET', url: '/api/purchase/allPurchases' })).json() as Purchase[];

    expect(asAdmin.map((purchase) => purchase._id)).toEqual([third._id, second._id, first._id]);
    expect(asAdmin[1]!.buyer).toEqual({ _id: other._id, name: 'Other Buyer', email: other.email });
    expect(asBuyer.map((purchase) => purchase._id)).toEqual([third._id, first._id]);
    expect(asBuyer.every((purchase) => purchase.buyer === undefined)).toBe(true);
    expect(asOther.map((purchase) => purchase._id)).toEqual([second._id]);
  });
});

describe('downloads', () => {
  it('streams the uploaded zip to the buyer up to 8 hours after a single-app purchase and refuses it a second later', async () => {
    const { ctx, buyer, runner } = await shop();
    const purchase = await buyWithCard(ctx, buyer, [singleLine(runner._id)]);

    ctx.clock.advance(8 * HOUR);
    const inside = await download(ctx, buyer, purchase, runner._id);
    ctx.clock.advance(SECOND);
    const after = await download(ctx, buyer, purchase, runner._id);

    expect(inside.statusCode).toBe(200);
    expect(inside.headers['content-type']).toBe('application/zip');
    expect(inside.headers['content-disposition']).toBe('attachment; filename="Space-Runner.zip"');
    expect(inside.rawPayload.equals(tinyZip())).toBe(true);
    expect(after.statusCode).toBe(410);
    expect(after.json()).toEqual({ message: 'The download window for this licence has closed.' });
  });

  it('keeps a multi-app download open for 24 hours and no longer', async () => {
    const { ctx, buyer, puzzle } = await shop();
    const purchase = await buyWithCard(ctx, buyer, [multiLine(puzzle._id)]);

    ctx.clock.advance(24 * HOUR);
    const inside = await download(ctx, buyer, purchase, puzzle._id);
    ctx.clock.advance(SECOND);
    const after = await download(ctx, buyer, purchase, puzzle._id);

    expect(inside.statusCode).toBe(200);
    expect(inside.rawPayload.equals(tinyZip())).toBe(true);
    expect(after.statusCode).toBe(410);
  });

  it("refuses another user's purchase, even an admin's, and a product the purchase does not hold", async () => {
    const { ctx, admin, buyer, runner, puzzle } = await shop();
    const stranger = await createUser(ctx);
    const purchase = await buyWithCard(ctx, buyer, [singleLine(runner._id)]);

    expect((await download(ctx, stranger, purchase, runner._id)).statusCode).toBe(403);
    expect((await download(ctx, admin, purchase, runner._id)).statusCode).toBe(403);
    expect((await download(ctx, buyer, purchase, puzzle._id)).statusCode).toBe(404);
    expect((await injectAs(ctx, buyer, { method: 'GET', url: `/api/purchase/download/nosuchpurchase1/${runner._id}` })).statusCode).toBe(404);
    const flag = await injectAs(ctx, stranger, { method: 'PUT', url: '/api/purchase/updateDownload', payload: { purchaseId: purchase._id, productId: runner._id } });
    expect(flag.statusCode).toBe(403);
  });

  it("stores the download flag from the server's clock, whatever the browser sends", async () => {
    const { ctx, buyer, runner } = await shop();
    const purchase = await buyWithCard(ctx, buyer, [singleLine(runner._id)]);
    const update = () =>
      injectAs(ctx, buyer, { method: 'PUT', url: '/api/purchase/updateDownload', payload: { purchaseId: purchase._id, productId: runner._id, userId: buyer._id } });
    const storedFlag = async () =>
      (await ctx.db.selectFrom('purchase_lines').select('download_enabled').where('purchase_id', '=', purchase._id).executeTakeFirstOrThrow()).download_enabled;

    const open = await update();
    ctx.clock.advance(8 * HOUR + SECOND);
    const closed = await update();
    const listed = (await injectAs(ctx, buyer, { method: 'GET', url: '/api/purchase/allPurchases' })).json() as Purchase[];

    expect(open.json()).toEqual({ download: 'true' });
    expect(closed.json()).toEqual({ download: 'false' });
    expect(Number(await storedFlag())).toBe(0);
    expect(listed[0]!.products[0]!.download).toBe('false');
  });
});
