import type { NotificationPage, PendingChange, ProductDetail, ProductSummary } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { createUser, injectAs, type TestContext, type TestUser } from '../../test/helper.js';
import { buildCatalogueApp, createApprovedProduct, filesIn, pngImage, sendProductForm } from '../../test/factories.js';

const edit = (ctx: TestContext, user: TestUser, id: string, parts: Parameters<typeof sendProductForm>[2]) =>
  sendProductForm(ctx, user, parts, { method: 'PUT', url: `/api/product/editProduct/${id}` });

const publicTitle = async (ctx: TestContext, id: string) =>
  ((await injectAs(ctx, null, { method: 'GET', url: `/api/product/${id}` })).json() as ProductDetail).title.en;

const publicListTitles = async (ctx: TestContext) =>
  ((await injectAs(ctx, null, { method: 'GET', url: '/api/product/uploaded-products' })).json() as ProductSummary[]).map(
    (card) => card.title.en,
  );

const pendingChanges = async (ctx: TestContext, admin: TestUser) =>
  (await injectAs(ctx, admin, { method: 'GET', url: '/api/product/pending-changes' })).json() as PendingChange[];

async function sellerWithApprovedProduct() {
  const ctx = await buildCatalogueApp();
  const seller = await createUser(ctx, { name: 'Sam Seller' });
  const admin = await createUser(ctx, { role: 'Admin' });
  const product = await createApprovedProduct(ctx, seller, admin);
  // Later decisions sort after the approval.
  ctx.clock.advance(60_000);
  return { ctx, seller, admin, product };
}

describe("a seller's edit of an approved product", () => {
  it('leaves the public answer unchanged until the change is approved, and shows it right after', async () => {
    const { ctx, seller, admin, product } = await sellerWithApprovedProduct();
    expect(await publicTitle(ctx, product._id)).toBe('Space Runner');
    expect(await publicListTitles(ctx)).toEqual(['Space Runner']);

    const response = await edit(ctx, seller, product._id, { title: JSON.stringify({ en: 'Space Runner Deluxe' }), singleAppLicense: '39' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'Approved',
      title: { en: 'Space Runner' },
      moderation: { pendingChangeAt: expect.any(String) },
    });
    expect(await publicTitle(ctx, product._id)).toBe('Space Runner');
    expect(await publicListTitles(ctx)).toEqual(['Space Runner']);
    const [change] = await pendingChanges(ctx, admin);
    expect(change).toMatchObject({
      productId: product._id,
      title: 'Space Runner',
      seller: { _id: seller._id, name: 'Sam Seller' },
      stale: false,
      fields: [
        { field: 'title.en', label: 'Title (English)', old: 'Space Runner', new: 'Space Runner Deluxe' },
        { field: 'singleAppLicense', label: 'Single app license price', old: '49.99', new: '39' },
      ],
      images: [],
    });

    const approve = await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/pending-changes/${change!._id}/approve` });

    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toEqual({ message: 'Changes approved' });
    expect(await publicTitle(ctx, product._id)).toBe('Space Runner Deluxe');
    expect(await publicListTitles(ctx)).toEqual(['Space Runner Deluxe']);
    expect(await pendingChanges(ctx, admin)).toEqual([]);
    const notices = ((await injectAs(ctx, seller, { method: 'GET', url: '/api/notification/mine' })).json() as NotificationPage)
      .notifications;
    expect(notices[0]).toMatchObject({ title: 'Your changes to Space Runner Deluxe were approved' });
    const log = await injectAs(ctx, admin, { method: 'GET', url: `/api/product/${product._id}/moderation-log` });
    expect(log.json()[0]).toMatchObject({ action: 'ChangeApproved' });
  });

  it('keeps one open change per product: a second edit replaces the first and its images', async () => {
    const { ctx, seller, admin, product } = await sellerWithApprovedProduct();
    const before = filesIn(ctx.dataDir);
    await edit(ctx, seller, product._id, { title: JSON.stringify({ en: 'First Try' }), thumbnail: { bytes: await pngImage(30, 30) } });
    expect(filesIn(ctx.dataDir)).toHaveLength(before.length + 1);

    await edit(ctx, seller, product._id, { title: JSON.stringify({ en: 'Second Try' }) });

    const changes = await pendingChanges(ctx, admin);
    expect(changes).toHaveLength(1);
    expect(changes[0]!.fields).toEqual([{ field: 'title.en', label: 'Title (English)', old: 'Space Runner', new: 'Second Try' }]);
    expect(filesIn(ctx.dataDir)).toEqual(before);
  });

  it('drops a rejected change and its images; the seller hears why and the listing stays as it was', async () => {
    const { ctx, seller, admin, product } = await sellerWithApprovedProduct();
    const before = filesIn(ctx.dataDir);
    await edit(ctx, seller, product._id, { title: JSON.stringify({ en: 'Free Runner' }), featureImg: { bytes: await pngImage(90, 60) } });
    const [change] = await pendingChanges(ctx, admin);
    expect(change!.images).toEqual([
      { field: 'featureImg', label: 'Feature image', old: [product.featureImg], new: [expect.stringMatching(/^\/files\/images\//)] },
    ]);

    const reject = await injectAs(ctx, admin, {
      method: 'PUT',
      url: `/api/product/pending-changes/${change!._id}/reject`,
      payload: { reason: 'Misleading description or media', note: 'It is not free.' },
    });

    expect(reject.statusCode).toBe(200);
    expect(filesIn(ctx.dataDir)).toEqual(before);
    expect(await publicTitle(ctx, product._id)).toBe('Space Runner');
    const [listed] = (
      await injectAs(ctx, seller, { method: 'GET', url: '/api/product/uploaded-products?mine=true' })
    ).json() as ProductSummary[];
    expect(listed).toMatchObject({
      status: 'Approved',
      moderation: {
        lastDecision: { action: 'ChangeRejected', reason: 'Misleading description or media', note: 'It is not free.' },
        pendingChangeAt: null,
      },
    });
    const again = await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/pending-changes/${change!._id}/approve` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('This change was already approved, rejected or replaced');
  });

  it('refuses to approve a change made stale by a later admin edit, and lets it be rejected', async () => {
    const { ctx, seller, admin, product } = await sellerWithApprovedProduct();
    await edit(ctx, seller, product._id, { title: JSON.stringify({ en: 'Seller Title' }) });
    ctx.clock.advance(1000);
    await edit(ctx, admin, product._id, { frameWork: 'Godot' });
    const [change] = await pendingChanges(ctx, admin);
    expect(change!.stale).toBe(true);

    const approve = await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/pending-changes/${change!._id}/approve` });

    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toMatch(/^The listing changed after the seller sent this edit/);
    expect(await publicTitle(ctx, product._id)).toBe('Space Runner');
    const reject = await injectAs(ctx, admin, {
      method: 'PUT',
      url: `/api/product/pending-changes/${change!._id}/reject`,
      payload: { reason: 'Other' },
    });
    expect(reject.statusCode).toBe(200);
  });

  it('applies an admin’s edit at once', async () => {
    const { ctx, admin, product } = await sellerWithApprovedProduct();
    const response = await edit(ctx, admin, product._id, { title: JSON.stringify({ en: 'Admin Title' }) });
    expect(response.json()).toMatchObject({ status: 'Approved', title: { en: 'Admin Title' } });
    expect(await publicTitle(ctx, product._id)).toBe('Admin Title');
    expect(await pendingChanges(ctx, admin)).toEqual([]);
  });

  it('answers 403 to a seller calling the admin endpoints, 401 to a visitor', async () => {
    const { ctx, seller, admin, product } = await sellerWithApprovedProduct();
    await edit(ctx, seller, product._id, { title: JSON.stringify({ en: 'Mine' }) });
    const [change] = await pendingChanges(ctx, admin);
    const calls = [
      { method: 'GET', url: '/api/product/pending-changes' },
      { method: 'PUT', url: `/api/product/pending-changes/${change!._id}/approve` },
      { method: 'PUT', url: `/api/product/pending-changes/${change!._id}/reject`, payload: { reason: 'Other' } },
    ] as const;
    for (const call of calls) {
      expect({ url: call.url, status: (await injectAs(ctx, seller, call)).statusCode }).toEqual({ url: call.url, status: 403 });
      expect({ url: call.url, status: (await injectAs(ctx, null, call)).statusCode }).toEqual({ url: call.url, status: 401 });
    }
    expect(await pendingChanges(ctx, admin)).toHaveLength(1);
  });
});
