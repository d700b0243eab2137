import { type ArchiveCheck, type ProductSummary } from '@market/contracts';
import { leakedSecretFiles, makeZip, unityProjectFiles, type ZipFileSpec } from '@market/sample-archives';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../platform/errors.js';
import { LocalFileStorage } from '../../platform/storage/index.js';
import { buildCatalogueApp, type CatalogueContext, createProduct, multipart } from '../../test/factories.js';
import { createUser, injectAs, type TestContext, type TestUser } from '../../test/helper.js';

const leaky = () => [...unityProjectFiles(), ...leakedSecretFiles()];
const sourceOf = (files: readonly ZipFileSpec[]) => ({ sourceCode: { bytes: makeZip(files), name: 'game.zip', type: 'application/zip' } });

async function productOf(ctx: TestContext, seller: TestUser, files: readonly ZipFileSpec[] = leaky(), fields: Record<string, string> = {}) {
  const product = await createProduct(ctx, seller, fields, sourceOf(files));
  await ctx.services.archives.idle();
  return product;
}

const insideOf = (ctx: TestContext, user: TestUser | null, productId: string, query = '') =>
  injectAs(ctx, user, { method: 'GET', url: `/api/product/${productId}/inside${query}` });
const checksOf = async (ctx: TestContext, user: TestUser) =>
  (await injectAs(ctx, user, { method: 'GET', url: '/api/product/archive-checks' })).json() as ArchiveCheck[];
const put = (ctx: TestContext, user: TestUser, url: string, payload?: object) => injectAs(ctx, user, { method: 'PUT', url, payload });
const decision = { reason: 'Incomplete or broken source', note: 'Please fix' };

async function newRelease(ctx: CatalogueContext, seller: TestUser, productId: string, version: string, files: readonly ZipFileSpec[]) {
  const { payload, headers } = await multipart({ version, changelog: '<p>New</p>', sourceCode: { bytes: makeZip(files), name: 'v.zip' } });
  const posted = await injectAs(ctx, seller, { method: 'POST', url: `/api/product/${productId}/releases`, payload, headers });
  expect(posted.statusCode).toBe(201);
  await ctx.services.archives.idle();
  return posted.json()._id as string;
}

async function people(ctx: TestContext) {
  return {
    seller: await createUser(ctx),
    admin: await createUser(ctx, { role: 'Admin' }),
    buyer: await createUser(ctx),
    otherSeller: await createUser(ctx),
  };
}

describe('who reads a report and its warnings', () => {
  it.each<[string, (ctx: TestContext, admin: TestUser, seller: TestUser, productId: string) => Promise<unknown>]>([
    ['pending', async () => undefined],
    ['rejected', (ctx, admin, _, id) => put(ctx, admin, `/api/product/reject-product/${id}`, decision)],
    ['sent back for changes', (ctx, admin, _, id) => put(ctx, admin, `/api/product/request-changes/${id}`, decision)],
  ])('shows a %s product’s report to its owner and admins only, with the warnings', async (_, moderate) => {
    const ctx = await buildCatalogueApp();
    const { seller, admin, buyer, otherSeller } = await people(ctx);
    const product = await productOf(ctx, seller);
    await moderate(ctx, admin, seller, product._id);
    const releaseId = (await insideOf(ctx, seller, product._id)).json().releaseId as string;

    for (const outsider of [null, buyer, otherSeller]) {
      for (const query of ['', `?release=${releaseId}`]) {
        const response = await insideOf(ctx, outsider, product._id, query);
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('AWS');
      }
    }
    for (const manager of [seller, admin]) {
      expect((await insideOf(ctx, manager, product._id)).json().warnings).toHaveLength(2);
    }
  });

  it('answers 404 to everybody, its owner and admins too, for a deleted product', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, admin, buyer } = await people(ctx);
    const product = await productOf(ctx, seller);
    const releaseId = (await insideOf(ctx, seller, product._id)).json().releaseId as string;
    await put(ctx, admin, `/api/product/approved-product/${product._id}`);
    // Kept (retired) rather than purged: a checkout is open for it.
    await ctx.db.updateTable('products').set({ status: 'Deleted' }).where('id', '=', product._id).execute();

    for (const viewer of [null, buyer, seller, admin]) {
      expect((await insideOf(ctx, viewer, product._id)).statusCode).toBe(404);
      expect((await insideOf(ctx, viewer, product._id, `?release=${releaseId}`)).statusCode).toBe(404);
    }
    expect(await checksOf(ctx, seller)).toEqual([]);
  });

  it('keeps a pending and a rejected release of an approved product, and their warnings, from everybody but its managers', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, admin, buyer, otherSeller } = await people(ctx);
    const product = await productOf(ctx, seller, unityProjectFiles());
    await put(ctx, admin, `/api/product/approved-product/${product._id}`);
    const pending = await newRelease(ctx, seller, product._id, '1.1.0', leaky());
    const rejected = await newRelease(ctx, seller, product._id, '1.2.0', leaky());
    expect((await put(ctx, admin, `/api/product/releases/${rejected}/reject`)).statusCode).toBe(200);

    for (const outsider of [null, buyer, otherSeller]) {
      const newest = await insideOf(ctx, outsider, product._id);
      expect(newest.json()).toMatchObject({ status: 'ready', warnings: null });
      expect(newest.json().releaseId).not.toBe(pending);
      for (const hidden of [pending, rejected])
        expect((await insideOf(ctx, outsider, product._id, `?release=${hidden}`)).statusCode).toBe(404);
    }
    for (const manager of [seller, admin]) {
      expect((await insideOf(ctx, manager, product._id, `?release=${pending}`)).json().warnings).toHaveLength(2);
    }
  });

  it('answers 404 for a release of another product named under a product one may see or manage', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, admin, otherSeller } = await people(ctx);
    const mine = await productOf(ctx, otherSeller, unityProjectFiles());
    const theirs = await productOf(ctx, seller);
    await put(ctx, admin, `/api/product/approved-product/${mine._id}`);
    const theirRelease = (await insideOf(ctx, seller, theirs._id)).json().releaseId as string;

    // The other seller manages `mine`, an admin manages both: neither reads `theirs` through `mine`.
    for (const viewer of [null, otherSeller, admin]) {
      const response = await insideOf(ctx, viewer, mine._id, `?release=${theirRelease}`);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('AWS');
    }
  });

  it('lists in archive-checks only one’s own products, whatever the other sellers upload', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, admin, buyer, otherSeller } = await people(ctx);
    const theirs = await productOf(ctx, seller);
    const mine = await productOf(ctx, otherSeller, unityProjectFiles());

    expect((await checksOf(ctx, otherSeller)).map((check) => check.productId)).toEqual([mine._id]);
    expect(await checksOf(ctx, buyer)).toEqual([]);
    expect((await checksOf(ctx, admin)).map((check) => check.productId).sort()).toEqual([mine._id, theirs._id].sort());
    expect(JSON.stringify(await checksOf(ctx, otherSeller))).not.toContain('AWS');
  });
});

describe('the analysis job against a changing catalogue', () => {
  it('writes no report and tries no more when the product is purged while its archive is read', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, admin } = await people(ctx);
    const product = await productOf(ctx, seller);
    await ctx.db.deleteFrom('archive_reports').execute();
    const read = LocalFileStorage.prototype.readRange;
    const deletions: number[] = [];
    const spy = vi.spyOn(LocalFileStorage.prototype, 'readRange').mockImplementation(async function (this: LocalFileStorage, ...args) {
      // An admin deletes the unsold product mid-analysis; it is purged, files and all.
      if (spy.mock.calls.length === 1) {
        deletions.push((await injectAs(ctx, admin, { method: 'DELETE', url: `/api/product/delProduct/${product._id}` })).statusCode);
      }
      return read.apply(this, args);
    });

    expect(await ctx.services.archives.analyseWaiting()).toBe(0);
    spy.mockRestore();

    expect(deletions).toEqual([200]);
    expect(await ctx.db.selectFrom('products').select('id').where('id', '=', product._id).execute()).toEqual([]);
    expect(await ctx.db.selectFrom('archive_reports').selectAll().execute()).toEqual([]);
    expect(await ctx.services.archives.analyseWaiting()).toBe(0);
  });

  it('records nothing when storage fails with anything but a 404, and analyses the archive on the next round', async () => {
    const ctx = await buildCatalogueApp();
    const { seller } = await people(ctx);
    const product = await productOf(ctx, seller);
    await ctx.db.deleteFrom('archive_reports').execute();
    const spy = vi.spyOn(LocalFileStorage.prototype, 'readRange').mockRejectedValue(new HttpError(503, 'Storage unavailable'));

    expect(await ctx.services.archives.analyseWaiting()).toBe(0);
    expect(await ctx.db.selectFrom('archive_reports').selectAll().execute()).toEqual([]);
    spy.mockRestore();

    expect(await ctx.services.archives.analyseWaiting()).toBe(1);
    expect((await insideOf(ctx, seller, product._id)).json()).toMatchObject({ status: 'ready' });
  });

  it('records an archive gone from storage as refused, once', async () => {
    const ctx = await buildCatalogueApp();
    const { seller } = await people(ctx);
    const product = await productOf(ctx, seller);
    await ctx.db.deleteFrom('archive_reports').execute();
    const spy = vi.spyOn(LocalFileStorage.prototype, 'readRange').mockRejectedValue(new HttpError(404, 'File not found'));

    expect(await ctx.services.archives.analyseWaiting()).toBe(1);
    spy.mockRestore();
    expect((await insideOf(ctx, seller, product._id)).json()).toMatchObject({
      status: 'refused',
      reason: 'The archive is missing from storage',
    });
    expect(await ctx.services.archives.analyseWaiting()).toBe(0);
  });
});

const list = (ctx: TestContext, query: string) => injectAs(ctx, null, { method: 'GET', url: `/api/product/uploaded-products?${query}` });

describe('the storefront’s engine filter', () => {
  it.each(["engine=Unity'%20OR%20'1'='1", 'engine=unity', 'engine=Unity&engine=Godot', 'engine[]=Unity', 'engine=%00Unity', 'engine='])(
    'refuses %s with 400 before any SQL',
    async (query) => {
      const ctx = await buildCatalogueApp();
      expect((await list(ctx, query)).statusCode).toBe(400);
    },
  );

  it('combines the engine with the sub-category and the status, never showing a visitor more than approved products', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, admin } = await people(ctx);
    const arcade = await productOf(ctx, seller, unityProjectFiles(), { subCategory: 'Arcades' });
    const puzzle = await productOf(ctx, seller, unityProjectFiles(), { subCategory: 'Puzzle' });
    const pending = await productOf(ctx, seller, unityProjectFiles(), { subCategory: 'Arcades' });
    for (const product of [arcade, puzzle]) await put(ctx, admin, `/api/product/approved-product/${product._id}`);
    const ids = async (query: string, viewer: TestUser | null = null) =>
      ((await injectAs(ctx, viewer, { method: 'GET', url: `/api/product/uploaded-products?${query}` })).json() as ProductSummary[]).map(
        (summary) => summary._id,
      );

    expect(await ids('engine=Unity&subCategory=Arcades')).toEqual([arcade._id]);
    expect((await ids('engine=Unity')).sort()).toEqual([arcade._id, puzzle._id].sort());
    expect(await ids('engine=Unity&status=Pending')).toEqual([]);
    expect(await ids('engine=Godot&subCategory=Arcades')).toEqual([]);
    // A product's first release is approved with it: an admin finds a pending product by its engine, a visitor never.
    expect(await ids('engine=Unity&status=Pending', admin)).toEqual([pending._id]);
    expect(await ids('engine=Unity&status=Pending&subCategory=Puzzle', admin)).toEqual([]);
  });
});
