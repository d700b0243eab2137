import type { Purchase } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buyWithCard, confirmCard, multiLine, openIntent, postPurchaseDetail, requestIntent, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, createApprovedProduct, filesIn } from '../../test/factories.js';
import { createUser, injectAs, stepUpWithPassword, type TestUser } from '../../test/helper.js';
import type { CatalogueContext } from '../../test/factories.js';

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

async function shop() {
  const ctx = await buildCatalogueApp();
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const buyer = await createUser(ctx, { name: 'Jamie Buyer' });
  const runner = await createApprovedProduct(ctx, seller, admin, { singleAppLicense: '49.99', multiAppLicense: '149', reskinPrice: '99' });
  const puzzle = await createApprovedProduct(ctx, seller, admin, {
    title: JSON.stringify({ en: 'Block Puzzle' }),
    singleAppLicense: '20',
    multiAppLicense: '35',
  });
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
    expect(purchase).toMatchObject({
      userId: buyer._id,
      amountPaid: 84.99,
      transactionId: intent.paymentIntentId,
      paymentStatus: 'succeeded',
      createdAt: '2026-01-15T10:00:00.000Z',
    });
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
      versionBought: '1.0.0',
      versions: [{ _id: expect.any(String), version: '1.0.0', engineVersion: null, publishedAt: '2026-01-15T10:00:00.000Z' }],
      purchaseCode: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      licenceStatus: 'Active',
      refund: null,
      refundRequest: null,
    });
    expect(purchase.products.find((line) => line.productId === puzzle._id)).toMatchObject({
      price: 35,
      reskinPrice: null,
      downloadExpiresAt: '2026-01-16T10:00:00.000Z',
    });
    expect(await downloadsOf(ctx, runner._id)).toBe(1);
    expect(await downloadsOf(ctx, puzzle._id)).toBe(1);
  });

  it('mails the buyer a receipt with its lines, licences, amount and the way to the downloads, once', async () => {
    const { ctx, buyer, runner, puzzle } = await shop();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id, 'true'), multiLine(puzzle._id)]);
    await confirmCard(ctx, buyer, intent.clientSecret);
    await postPurchaseDetail(ctx, buyer, intent.paymentIntentId);
    await postPurchaseDetail(ctx, buyer, intent.paymentIntentId);

    const mails = await ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', buyer.email).execute();
    expect(mails).toHaveLength(1);
    const [receipt] = mails;
    expect(receipt!.subject).toBe('Your receipt: $84.99 at Source Code Marketplace');
    expect(receipt!.text_body).toContain('Hello Jamie Buyer,');
    expect(receipt!.text_body).toContain('Space Runner · Single App License · reskin requested: $49.99');
    expect(receipt!.text_body).toContain('Block Puzzle · Multi App License: $35.00');
    const [purchase] = (await injectAs(ctx, buyer, { method: 'GET', url: '/api/purchase/allPurchases' })).json() as Purchase[];
    for (const line of purchase!.products) expect(receipt!.text_body).toContain(`${line.title} purchase code: ${line.purchaseCode}`);
    expect(receipt!.text_body).toContain('Total paid: $84.99');
    expect(receipt!.text_body).toContain(`Payment reference: ${intent.paymentIntentId}`);
    expect(receipt!.text_body).toMatch(/Go to my purchases: http:\/\/\S+\/userPanel\/purchases/);
    expect(receipt!.html_body).toContain('Block Puzzle · Multi App License');
    expect(receipt!.html_body).toMatch(/<a href="http:\/\/\S+\/userPanel\/purchases"/);
  });

  it('refuses a forged purchaseDetail naming an unknown intent or one that was never paid', async () => {
    const { ctx, buyer, runner } = await shop();
    const unpaid = await openIntent(ctx, buyer, [singleLine(runner._id)]);

    const unknown = await postPurchaseDetail(ctx, buyer, 'pi_made_up_by_the_browser', { paymentStatus: 'succeeded', amountPaid: 49.99 });
    const notPaid = await postPurchaseDetail(ctx, buyer, unpaid.paymentIntentId, { paymentStatus: 'succeeded', amountPaid: 49.99 });

    expect(unknown.statusCode).toBe(404);
    expect(notPaid.statusCode).toBe(402);
    expect(notPaid.json()).toEqual({ message: 'The payment has not succeeded' });
    expect(await ctx.services.orders.sold()).toHaveLength(0);
    expect(await downloadsOf(ctx, runner._id)).toBe(0);
  });

  it("refuses to record another user's paid intent as one's own", async () => {
    const { ctx, buyer, runner } = await shop();
    const thief = await createUser(ctx);
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    await confirmCard(ctx, buyer, intent.clientSecret);

    const response = await postPurchaseDetail(ctx, thief, intent.paymentIntentId);

    expect(response.statusCode).toBe(403);
    expect(await ctx.services.orders.sold()).toHaveLength(0);
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
    expect(await ctx.services.orders.sold()).toHaveLength(1);
    expect((await ctx.services.orders.byIntent('simulated', intent.paymentIntentId))?.status).toBe('paid');
    expect(await ctx.services.licences.mine(buyer)).toHaveLength(2);
    expect(await downloadsOf(ctx, runner._id)).toBe(1);
    expect(await downloadsOf(ctx, puzzle._id)).toBe(1);
  });

  it('ignores PUT updateProductDownloads, so nobody can inflate the counts', async () => {
    const { ctx, buyer, runner } = await shop();
    await buyWithCard(ctx, buyer, [singleLine(runner._id)]);

    await injectAs(ctx, buyer, {
      method: 'PUT',
      url: '/api/product/updateProductDownloads',
      payload: { productIds: [runner._id, runner._id] },
    });

    expect(await downloadsOf(ctx, runner._id)).toBe(1);
  });
});

/** Hours pass in these tests: the admin confirms their password again first, as the site would ask (docs/decisions/0016). */
const deleteProduct = async (ctx: CatalogueContext, admin: TestUser, productId: string) => {
  await stepUpWithPassword(ctx, admin);
  return injectAs(ctx, admin, { method: 'DELETE', url: `/api/product/delProduct/${productId}` });
};

const filesOf = (ctx: CatalogueContext) => filesIn(ctx.dataDir);
const productRow = (ctx: CatalogueContext, productId: string) =>
  ctx.db.selectFrom('products').select('status').where('id', '=', productId).executeTakeFirst();
const seenBy = async (ctx: CatalogueContext, user: TestUser | null, productId: string) =>
  (await injectAs(ctx, user, { method: 'GET', url: `/api/product/${productId}` })).statusCode;

describe('deleting a product while buyers are paying for it', () => {
  it('takes a product in an open checkout out of the store at once and keeps its files while the checkout can be paid', async () => {
    const { ctx, admin, seller, buyer, runner } = await shop();
    const filesBefore = filesOf(ctx);
    await openIntent(ctx, buyer, [singleLine(runner._id)]);

    const response = await deleteProduct(ctx, admin, runner._id);

    expect(response.statusCode).toBe(200);
    expect(await seenBy(ctx, admin, runner._id)).toBe(404);
    expect(await seenBy(ctx, seller, runner._id)).toBe(404);
    const listed = await injectAs(ctx, admin, { method: 'GET', url: '/api/product/uploaded-products?limit=50' });
    expect((listed.json() as Array<{ _id: string }>).map((product) => product._id)).not.toContain(runner._id);
    expect(await requestIntent(ctx, buyer, [singleLine(runner._id)]).then((answer) => answer.statusCode)).toBe(400);
    expect(filesOf(ctx)).toEqual(filesBefore);
    expect((await deleteProduct(ctx, admin, runner._id)).statusCode).toBe(404);
  });

  it('lets the buyer finish paying within the hour, records the purchase and keeps the product for their download', async () => {
    const { ctx, admin, buyer, runner } = await shop();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    expect((await deleteProduct(ctx, admin, runner._id)).statusCode).toBe(200);

    ctx.clock.advance(59 * 60 * SECOND);
    expect((await confirmCard(ctx, buyer, intent.clientSecret)).json()).toMatchObject({ status: 'succeeded' });
    const recorded = await postPurchaseDetail(ctx, buyer, intent.paymentIntentId);
    ctx.clock.advance(2 * HOUR);
    const purged = await ctx.services.products.purgeRetired();

    expect(recorded.statusCode).toBe(201);
    expect(purged).toBe(0);
    const purchase = (recorded.json() as { purchase: Purchase }).purchase;
    expect((await download(ctx, buyer, purchase, runner._id)).statusCode).toBe(200);
    expect(await seenBy(ctx, null, runner._id)).toBe(404);
  });

  it('removes the product and its files once no checkout for it can be paid, and closes the stale checkout', async () => {
    const { ctx, admin, buyer, runner } = await shop();
    const filesBefore = filesOf(ctx);
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    await deleteProduct(ctx, admin, runner._id);

    ctx.clock.advance(HOUR - SECOND);
    expect(await ctx.services.products.purgeRetired()).toBe(0);
    ctx.clock.advance(2 * SECOND);
    expect(await ctx.services.products.purgeRetired()).toBe(1);

    expect(await productRow(ctx, runner._id)).toBeUndefined();
    expect(filesOf(ctx).length).toBe(filesBefore.length - 4);
    const late = await confirmCard(ctx, buyer, intent.clientSecret);
    expect(late.statusCode).toBe(402);
    expect(late.json()).toEqual({ message: 'This checkout was closed because a product in it was removed; go back to your cart.' });
    expect((await ctx.services.orders.byIntent('simulated', intent.paymentIntentId))?.status).toBe('canceled');
  });

  it('lets a product nobody is paying for go at once, files and all, even with checkouts left unpaid for days', async () => {
    const { ctx, admin, buyer, runner, puzzle } = await shop();
    const filesBefore = filesOf(ctx);
    await openIntent(ctx, buyer, [singleLine(runner._id)]);
    await openIntent(ctx, buyer, [singleLine(runner._id)]);
    await openIntent(ctx, buyer, [singleLine(runner._id)]);
    ctx.clock.advance(HOUR + SECOND);

    expect((await deleteProduct(ctx, admin, runner._id)).statusCode).toBe(200);
    expect((await deleteProduct(ctx, admin, puzzle._id)).statusCode).toBe(200);

    expect(await productRow(ctx, runner._id)).toBeUndefined();
    expect(await productRow(ctx, puzzle._id)).toBeUndefined();
    expect(filesOf(ctx).length).toBe(filesBefore.length - 8);
  });

  it('still refuses to delete a product once its purchase is recorded', async () => {
    const { ctx, admin, buyer, runner } = await shop();
    await buyWithCard(ctx, buyer, [singleLine(runner._id)]);

    const response = await deleteProduct(ctx, admin, runner._id);

    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This product has been sold and cannot be deleted');
  });

  it('records a payment made before the deletion even when the buyer’s page comes back days later', async () => {
    const { ctx, admin, buyer, runner, puzzle } = await shop();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id), singleLine(puzzle._id)]);
    expect((await confirmCard(ctx, buyer, intent.clientSecret)).statusCode).toBe(200);
    ctx.clock.advance(73 * HOUR);
    expect((await deleteProduct(ctx, admin, puzzle._id)).statusCode).toBe(200);
    expect(await ctx.services.products.purgeRetired()).toBe(0);

    const response = await postPurchaseDetail(ctx, buyer, intent.paymentIntentId);

    expect(response.statusCode).toBe(201);
    expect(await productRow(ctx, puzzle._id)).toEqual({ status: 'Deleted' });
    expect(await seenBy(ctx, null, puzzle._id)).toBe(404);
  });
});

describe('opening payment intents', () => {
  it('answers 429 past ten intents a minute for one buyer, and lets another buyer through', async () => {
    const { ctx, buyer, runner } = await shop();
    const other = await createUser(ctx);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) statuses.push((await requestIntent(ctx, buyer, [singleLine(runner._id)])).statusCode);

    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await requestIntent(ctx, other, [singleLine(runner._id)])).statusCode).toBe(200);
    expect(await ctx.services.orders.pendingOf(runner._id, null)).toHaveLength(11);
  });
});
