import { describe, expect, it } from 'vitest';
import { createUser, injectAs } from '../../test/helper.js';
import { buildCatalogueApp, createProduct, filesIn, recordSale } from '../../test/factories.js';

describe('moderation: approve, reject, delete', () => {
  it.each([
    ['approve', 'PUT', 'approved-product'],
    ['reject', 'PUT', 'reject-product'],
    ['request changes', 'PUT', 'request-changes'],
    ['delete', 'DELETE', 'delProduct'],
  ] as const)('answers 403 to a User who tries to %s, even their own product, and 401 to a visitor', async (_action, method, path) => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const product = await createProduct(ctx, seller);

    const payload = path === 'request-changes' ? { reason: 'Other', note: 'Self-service' } : undefined;
    const asUser = await injectAs(ctx, seller, { method, url: `/api/product/${path}/${product._id}`, ...(payload ? { payload } : {}) });
    const asVisitor = await injectAs(ctx, null, { method, url: `/api/product/${path}/${product._id}`, ...(payload ? { payload } : {}) });

    expect(asUser.statusCode).toBe(403);
    expect(asUser.json()).toEqual({ message: 'Only an admin can do this' });
    expect(asVisitor.statusCode).toBe(401);
    const stored = await ctx.db.selectFrom('products').select('status').where('id', '=', product._id).executeTakeFirst();
    expect(stored?.status).toBe('Pending');
  });

  it('lets an admin approve and then reject a product, stored as Approved then Rejected', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createProduct(ctx, seller);
    const status = async () =>
      (await ctx.db.selectFrom('products').select('status').where('id', '=', product._id).executeTakeFirstOrThrow()).status;

    const approve = await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/approved-product/${product._id}` });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toEqual({ message: 'Product approved' });
    expect(await status()).toBe('Approved');

    const reject = await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/reject-product/${product._id}` });
    expect(reject.statusCode).toBe(200);
    expect(await status()).toBe('Rejected');
    expect((await injectAs(ctx, admin, { method: 'PUT', url: '/api/product/approved-product/aaaaaaaaaaaaaaaaaaaaaaaa' })).statusCode).toBe(
      404,
    );
  });

  it('lets an admin delete a product together with its files', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const admin = await createUser(ctx, { role: 'Admin' });
    const kept = await createProduct(ctx, seller);
    const keptFiles = filesIn(ctx.dataDir);
    const product = await createProduct(ctx, seller, { title: JSON.stringify({ en: 'Doomed' }) });

    const response = await injectAs(ctx, admin, { method: 'DELETE', url: `/api/product/delProduct/${product._id}` });

    expect(response.statusCode).toBe(200);
    expect(filesIn(ctx.dataDir)).toEqual(keptFiles);
    expect((await injectAs(ctx, admin, { method: 'GET', url: `/api/product/${product._id}` })).statusCode).toBe(404);
    expect((await injectAs(ctx, admin, { method: 'GET', url: `/api/product/${kept._id}` })).statusCode).toBe(200);
  });

  it('refuses to delete a product buyers have paid for', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const buyer = await createUser(ctx);
    const product = await createProduct(ctx, admin);
    await recordSale(ctx, buyer._id, [product._id], ctx.clock.now());

    const response = await injectAs(ctx, admin, { method: 'DELETE', url: `/api/product/delProduct/${product._id}` });

    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This product has been sold and cannot be deleted');
  });
});

describe('the source archive', () => {
  it('streams the zip to the owner and to an admin, never to a visitor or another user', async () => {
    const ctx = await buildCatalogueApp();
    const seller = await createUser(ctx);
    const admin = await createUser(ctx, { role: 'Admin' });
    const stranger = await createUser(ctx);
    const product = await createProduct(ctx, seller);
    const url = `/api/product/${product._id}/source-code`;

    const owner = await injectAs(ctx, seller, { method: 'GET', url });
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['content-type']).toBe('application/zip');
    expect(owner.headers['content-disposition']).toBe('attachment; filename="Space-Runner-1.0.0.zip"');
    expect(owner.rawPayload.subarray(0, 4)).toEqual(Buffer.from('PK\u0003\u0004'));
    expect((await injectAs(ctx, admin, { method: 'GET', url })).statusCode).toBe(200);
    expect((await injectAs(ctx, stranger, { method: 'GET', url })).statusCode).toBe(403);
    expect((await injectAs(ctx, null, { method: 'GET', url })).statusCode).toBe(401);
  });

  it('never shows the source link or any private storage key in an anonymous answer', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createProduct(ctx, admin);
    const { source_code_key: privateKey } = await ctx.db
      .selectFrom('product_releases')
      .select('source_code_key')
      .where('product_id', '=', product._id)
      .executeTakeFirstOrThrow();
    const stem = privateKey.split('.')[0]!;

    const urls = [
      '/api/product/uploaded-products',
      `/api/product/${product._id}`,
      `/api/product/by-slug/${product.slug}`,
      '/api/product/popular?period=all',
      '/api/product/listing/newly-uploading-games',
      '/api/product/portfolio/Pixel-Forge',
      '/api/product/search?q=space',
      `/api/product/${product._id}/releases`,
    ];
    for (const url of urls) {
      const response = await injectAs(ctx, null, { method: 'GET', url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      expect(response.body).toContain(product._id);
      expect(response.body).not.toContain('sourceCode');
      expect(response.body).not.toContain('source_code');
      expect(response.body).not.toContain(stem);
    }
    const detail = await injectAs(ctx, admin, { method: 'GET', url: `/api/product/${product._id}` });
    expect(detail.json().sourceCodeUrl).toBe(`/api/product/${product._id}/source-code`);
    expect(detail.body).not.toContain(stem);
  });
});

describe('PUT /api/product/updateProductDownloads', () => {
  it('answers 200 but leaves download counts alone: only the server counts downloads', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const product = await createProduct(ctx, admin);

    const response = await injectAs(ctx, null, {
      method: 'PUT',
      url: '/api/product/updateProductDownloads',
      payload: { productIds: [product._id, product._id] },
    });

    expect(response.statusCode).toBe(200);
    const detail = await injectAs(ctx, null, { method: 'GET', url: `/api/product/${product._id}` });
    expect(detail.json().downloads).toBe(0);
  });
});
