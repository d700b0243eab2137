import type { ProductDetail, ProductSummary } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buyWithCard, singleLine } from '../../test/commerce.js';
import { createUser, injectAs, type TestUser } from '../../test/helper.js';
import {
  buildCatalogueApp,
  createApprovedProduct,
  createProduct,
  multipart,
  recordSale,
  titleJson,
  type CatalogueContext,
} from '../../test/factories.js';

const DAY = 24 * 60 * 60 * 1000;
const ids = (body: Array<{ _id: string }>) => body.map((product) => product._id);

async function catalogueOfThree(ctx: CatalogueContext) {
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const other = await createUser(ctx);
  const approved = await createApprovedProduct(ctx, seller, admin, { title: titleJson({ en: 'Approved One' }) });
  ctx.clock.advance(1000);
  const pending = await createProduct(ctx, seller, { title: titleJson({ en: 'Pending One' }) });
  ctx.clock.advance(1000);
  const rejected = await createProduct(ctx, other, { title: titleJson({ en: 'Rejected One' }) });
  await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/reject-product/${rejected._id}` });
  return { admin, seller, other, approved, pending, rejected };
}

describe('GET /api/product/uploaded-products', () => {
  it('shows visitors the approved products, a user also their own, an admin everything, newest first', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, seller, other, approved, pending, rejected } = await catalogueOfThree(ctx);
    const list = async (user: TestUser | null, query = '') =>
      ids((await injectAs(ctx, user, { method: 'GET', url: `/api/product/uploaded-products${query}` })).json());

    expect(await list(null)).toEqual([approved._id]);
    expect(await list(seller)).toEqual([pending._id, approved._id]);
    expect(await list(other)).toEqual([rejected._id, approved._id]);
    expect(await list(admin)).toEqual([rejected._id, pending._id, approved._id]);
    expect(await list(admin, '?status=Pending')).toEqual([pending._id]);
    expect(await list(seller, '?mine=true')).toEqual([pending._id, approved._id]);
    expect(await list(null, '?status=Pending')).toEqual([]);
    expect(await list(null, '?subCategory=Arcades')).toEqual([approved._id]);
    expect(await list(null, '?subCategory=Books')).toEqual([]);
  });

  it('answers the fields a card needs', async () => {
    const ctx = await buildCatalogueApp();
    const { approved } = await catalogueOfThree(ctx);
    const [card] = (await injectAs(ctx, null, { method: 'GET', url: '/api/product/uploaded-products' })).json();

    expect(card).toEqual({
      _id: approved._id,
      slug: 'Approved-One',
      type: 'Games',
      category: 'Android',
      subCategory: 'Arcades',
      title: { en: 'Approved One' },
      thumbnail: expect.stringMatching(/^\/files\/images\/[a-f0-9]{32}\.webp$/),
      singleAppLicense: 49.99,
      multiAppLicense: 149,
      reskinPrice: 99,
      livePreview: 'https://example.com/preview',
      authorName: 'Pixel Forge',
      status: 'Approved',
      downloads: 0,
      rating: null,
      createdAt: '2026-01-15T10:00:00.000Z',
    });
  });

  it('drops a visitor’s kept product page, by id and by slug, as soon as the product is edited', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, approved } = await catalogueOfThree(ctx);
    const visitorTitle = async (url: string) => ((await injectAs(ctx, null, { method: 'GET', url })).json() as ProductDetail).title.en;
    const byId = `/api/product/${approved._id}`;
    const bySlug = `/api/product/by-slug/${approved.slug}`;
    expect([await visitorTitle(byId), await visitorTitle(bySlug)]).toEqual(['Approved One', 'Approved One']);

    const { payload, headers } = await multipart({ description: JSON.stringify({ en: '<p>Now with levels</p>' }) });
    await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/editProduct/${approved._id}`, payload, headers });

    const page = (await injectAs(ctx, null, { method: 'GET', url: byId })).json() as ProductDetail;
    expect(page.description.en).toBe('<p>Now with levels</p>');
    expect(((await injectAs(ctx, null, { method: 'GET', url: bySlug })).json() as ProductDetail).description.en).toBe(
      '<p>Now with levels</p>',
    );
  });

  it('drops its cached visitor answer as soon as a product changes', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, approved, pending } = await catalogueOfThree(ctx);
    const visitorList = async () => ids((await injectAs(ctx, null, { method: 'GET', url: '/api/product/uploaded-products' })).json());

    expect(await visitorList()).toEqual([approved._id]);
    await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/approved-product/${pending._id}` });
    expect(await visitorList()).toEqual([pending._id, approved._id]);
  });

  it('shows a signed-in reader an edited title and a sale at once, though cards are kept between reads', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, approved } = await catalogueOfThree(ctx);
    const buyer = await createUser(ctx);
    const adminCard = async () =>
      ((await injectAs(ctx, admin, { method: 'GET', url: '/api/product/uploaded-products' })).json() as ProductSummary[]).find(
        (card) => card._id === approved._id,
      );
    expect(await adminCard()).toMatchObject({ title: { en: 'Approved One' }, downloads: 0 });

    const { payload, headers } = await multipart({ title: titleJson({ en: 'Approved One, Renamed', fr: 'Approuvé' }) });
    await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/editProduct/${approved._id}`, payload, headers });
    expect(await adminCard()).toMatchObject({ title: { en: 'Approved One, Renamed', fr: 'Approuvé' }, downloads: 0 });

    await buyWithCard(ctx, buyer, [singleLine(approved._id)]);
    expect(await adminCard()).toMatchObject({ downloads: 1 });
  });
});

describe('a product by id and by slug', () => {
  it('shows an approved product to anybody, a pending or rejected one only to its owner and admins', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, seller, other, approved, pending, rejected } = await catalogueOfThree(ctx);
    const status = async (user: TestUser | null, id: string) =>
      (await injectAs(ctx, user, { method: 'GET', url: `/api/product/${id}` })).statusCode;

    expect(await status(null, approved._id)).toBe(200);
    expect(await status(null, pending._id)).toBe(404);
    expect(await status(other, pending._id)).toBe(404);
    expect(await status(seller, pending._id)).toBe(200);
    expect(await status(admin, pending._id)).toBe(200);
    expect(await status(seller, rejected._id)).toBe(404);
    expect(await status(other, rejected._id)).toBe(200);
    expect(await status(null, 'not-an-id!')).toBe(400);
  });

  it('finds a product from its /downloads slug: hyphens are spaces, any letter case, hyphenated titles too', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    const racer = await createProduct(ctx, admin, { title: titleJson({ en: 'Sky  High   Racer', fr: 'Course du ciel' }) });
    const hyphen = await createProduct(ctx, admin, { title: titleJson({ en: 'Tic-Tac-Toe Pro' }) });
    const pending = await createProduct(ctx, seller, { title: titleJson({ en: 'Hidden Gem' }) });
    const bySlug = (user: TestUser | null, slug: string) =>
      injectAs(ctx, user, { method: 'GET', url: `/api/product/by-slug/${encodeURIComponent(slug)}` });

    expect(racer.slug).toBe('Sky-High-Racer');
    expect((await bySlug(null, 'Sky-High-Racer')).json()._id).toBe(racer._id);
    expect((await bySlug(null, 'sky-high-racer')).json()._id).toBe(racer._id);
    expect((await bySlug(null, 'Tic-Tac-Toe-Pro')).json()._id).toBe(hyphen._id);
    expect((await bySlug(null, 'Course-du-ciel')).statusCode).toBe(404);
    expect((await bySlug(null, 'Hidden-Gem')).statusCode).toBe(404);
    expect((await bySlug(seller, 'Hidden-Gem')).json()._id).toBe(pending._id);
  });
});

describe('GET /api/product/popular', () => {
  it('ranks approved products by units sold in the period: month, year and all time differ', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const buyer = await createUser(ctx);
    const uploadNext = async (title: string) => {
      ctx.clock.advance(1000);
      return createProduct(ctx, admin, { title: titleJson({ en: title }) });
    };
    const oldHit = await uploadNext('Old Hit');
    const yearHit = await uploadNext('Year Hit');
    const monthHit = await uploadNext('Month Hit');
    const unsold = await uploadNext('Unsold');
    const now = ctx.clock.now().getTime();
    for (let i = 0; i < 3; i += 1) await recordSale(ctx, buyer._id, [oldHit._id], new Date(now - 400 * DAY));
    for (let i = 0; i < 2; i += 1) await recordSale(ctx, buyer._id, [yearHit._id], new Date(now - 100 * DAY));
    await recordSale(ctx, buyer._id, [monthHit._id], new Date(now - 3 * DAY));
    const popular = async (period: string) =>
      ids((await injectAs(ctx, null, { method: 'GET', url: `/api/product/popular?period=${period}` })).json());

    expect(await popular('all')).toEqual([oldHit._id, yearHit._id, monthHit._id, unsold._id]);
    expect(await popular('year')).toEqual([yearHit._id, monthHit._id, unsold._id, oldHit._id]);
    expect(await popular('month')).toEqual([monthHit._id, unsold._id, yearHit._id, oldHit._id]);
    expect((await injectAs(ctx, null, { method: 'GET', url: '/api/product/popular?period=week' })).statusCode).toBe(400);
  });
});

describe('GET /api/product/listing/:slug', () => {
  it('titles the popular listings, ranks trending by views of the last 7 days and lists the rest newest first', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    const first = await createProduct(ctx, admin, { title: titleJson({ en: 'First' }) });
    ctx.clock.advance(1000);
    const second = await createProduct(ctx, admin, { title: titleJson({ en: 'Second' }) });
    await createProduct(ctx, seller, { title: titleJson({ en: 'Not Approved' }) });
    const now = ctx.clock.now().getTime();
    await ctx.db
      .insertInto('product_views')
      .values([
        { id: 'view-000001', product_id: first._id, visitor_key: 'a', created_at: new Date(now - DAY).toISOString() },
        { id: 'view-000002', product_id: first._id, visitor_key: 'b', created_at: new Date(now - 2 * DAY).toISOString() },
        { id: 'view-000003', product_id: second._id, visitor_key: 'c', created_at: new Date(now - DAY).toISOString() },
        ...['d', 'e', 'f'].map((key, i) => ({
          id: `view-old-${i}`,
          product_id: second._id,
          visitor_key: key,
          created_at: new Date(now - 10 * DAY).toISOString(),
        })),
      ])
      .execute();
    const listing = async (slug: string) => (await injectAs(ctx, null, { method: 'GET', url: `/api/product/listing/${slug}` })).json();

    expect((await listing('popular-of-month')).title).toBe('Popular Of Month');
    expect((await listing('popular-of-year')).title).toBe('Popular Of Year');
    expect((await listing('popular-of-all-time')).title).toBe('Popular Of All Time');
    expect(ids((await listing('trending-games')).products)).toEqual([first._id, second._id]);
    expect(await listing('newly-uploading-games')).toMatchObject({ title: null, products: [{ _id: second._id }, { _id: first._id }] });
    expect(await listing('anything-else')).toMatchObject({ title: null, products: [{ _id: second._id }, { _id: first._id }] });
  });
});

describe('portfolio and sub categories', () => {
  it('lists approved products whose author name is the slug with hyphens as spaces, any letter case', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const mine = await createProduct(ctx, admin, { authorName: 'Blue Whale Games' });
    await createProduct(ctx, admin, { authorName: 'Blue Whale' });

    const response = await injectAs(ctx, null, { method: 'GET', url: '/api/product/portfolio/blue-whale-GAMES' });

    expect(ids(response.json())).toEqual([mine._id]);
  });

  it('counts approved products per sub category, every sub category in SPEC order', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    await createProduct(ctx, admin, { subCategory: 'Puzzle' });
    await createProduct(ctx, admin, { subCategory: 'Puzzle' });
    await createProduct(ctx, admin, { subCategory: 'Books', type: 'Apps' });
    await createProduct(ctx, seller, { subCategory: 'Card' });

    const counts = (await injectAs(ctx, null, { method: 'GET', url: '/api/product/sub-categories' })).json();

    expect(counts).toHaveLength(17);
    expect(counts[0]).toEqual({ subCategory: 'Arcades', count: 0 });
    expect(counts).toContainEqual({ subCategory: 'Puzzle', count: 2 });
    expect(counts).toContainEqual({ subCategory: 'Books', count: 1 });
    expect(counts).toContainEqual({ subCategory: 'Card', count: 0 });
  });
});
