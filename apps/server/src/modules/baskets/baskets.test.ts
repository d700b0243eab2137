import { describe, expect, it } from 'vitest';
import { createUser, injectAs, type TestUser } from '../../test/helper.js';
import { buildCatalogueApp, createApprovedProduct, createProduct } from '../../test/factories.js';
import { NOT_FOR_SALE_IN_BASKET, OWN_PRODUCT_IN_BASKET } from './baskets.service.js';

type Ctx = Awaited<ReturnType<typeof buildCatalogueApp>>;
const line = (productId: string, selectedLicense = 'Single App License', isReskin = 'false') => ({ productId, selectedLicense, isReskin });

async function shop() {
  const ctx = await buildCatalogueApp();
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const buyer = await createUser(ctx);
  const first = await createApprovedProduct(ctx, seller, admin, { title: JSON.stringify({ en: 'First Game' }) });
  const second = await createApprovedProduct(ctx, seller, admin, { title: JSON.stringify({ en: 'Second Game' }) });
  const third = await createApprovedProduct(ctx, seller, admin, { title: JSON.stringify({ en: 'Third Game' }) });
  return { ctx, admin, seller, buyer, first, second, third };
}

const send = (ctx: Ctx, user: TestUser | null, method: 'GET' | 'PUT' | 'POST', url: string, items?: unknown[]) =>
  injectAs(ctx, user, { method, url, ...(items === undefined ? {} : { payload: { items } }) });
const idsOf = (response: { json(): unknown }) => (response.json() as { items: Array<{ _id: string }> }).items.map((item) => item._id);

describe('baskets: a signed-in person’s cart and wishlist', () => {
  it('keeps the cart with the account and merges the browser’s lines at sign-in without duplicates', async () => {
    const { ctx, buyer, first, second, third } = await shop();

    const put = await send(ctx, buyer, 'PUT', '/api/cart', [line(first._id, 'Multi App License', 'true')]);
    expect(put.statusCode).toBe(200);
    const [stored] = put.json().items;
    expect(stored).toMatchObject({ _id: first._id, selectedLicense: 'Multi App License', isReskin: 'true', title: { en: 'First Game' } });
    expect(stored).not.toHaveProperty('rating');

    // The browser's cart at sign-in: one line the account already has (its licence stays), two new.
    const merged = await send(ctx, buyer, 'POST', '/api/cart', [line(second._id), line(first._id), line(third._id)]);
    expect(merged.statusCode).toBe(200);
    expect(idsOf(merged)).toEqual([first._id, second._id, third._id]);
    expect(merged.json().items[0].selectedLicense).toBe('Multi App License');

    // The same merge again (a second tab) changes nothing.
    expect(idsOf(await send(ctx, buyer, 'POST', '/api/cart', [line(third._id), line(second._id)]))).toEqual([
      first._id,
      second._id,
      third._id,
    ]);
    expect(idsOf(await send(ctx, buyer, 'GET', '/api/cart'))).toEqual([first._id, second._id, third._id]);

    // The wishlist is its own list.
    expect(idsOf(await send(ctx, buyer, 'GET', '/api/wishlist'))).toEqual([]);
    expect(idsOf(await send(ctx, buyer, 'PUT', '/api/wishlist', [line(third._id)]))).toEqual([third._id]);

    // Emptied by a checkout: PUT [] clears it.
    expect(idsOf(await send(ctx, buyer, 'PUT', '/api/cart', []))).toEqual([]);
    expect(idsOf(await send(ctx, buyer, 'GET', '/api/wishlist'))).toEqual([third._id]);
  });

  it('shows each account its own lists only and refuses visitors', async () => {
    const { ctx, buyer, first, second } = await shop();
    const other = await createUser(ctx);
    await send(ctx, buyer, 'PUT', '/api/cart', [line(first._id)]);
    await send(ctx, other, 'PUT', '/api/cart', [line(second._id)]);

    expect(idsOf(await send(ctx, buyer, 'GET', '/api/cart'))).toEqual([first._id]);
    expect(idsOf(await send(ctx, other, 'GET', '/api/cart'))).toEqual([second._id]);
    for (const method of ['GET', 'PUT', 'POST'] as const) {
      const response = await send(ctx, null, method, '/api/cart', method === 'GET' ? undefined : [line(first._id)]);
      expect(response.statusCode).toBe(401);
    }
    // A userId in the body is not a field of the call.
    const spoofed = await injectAs(ctx, buyer, { method: 'PUT', url: '/api/cart', payload: { items: [], userId: other._id } });
    expect(spoofed.statusCode).toBe(400);
    expect(idsOf(await send(ctx, other, 'GET', '/api/cart'))).toEqual([second._id]);
  });

  it('refuses one’s own products and products not for sale, and leaves them out of a sign-in merge', async () => {
    const { ctx, seller, buyer, first } = await shop();
    const pending = await createProduct(ctx, seller, { title: JSON.stringify({ en: 'Pending Game' }) });

    const own = await send(ctx, seller, 'PUT', '/api/cart', [line(first._id)]);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ message: OWN_PRODUCT_IN_BASKET, errors: [{ field: 'items.0.productId' }] });

    const unapproved = await send(ctx, buyer, 'PUT', '/api/wishlist', [line(first._id), line(pending._id)]);
    expect(unapproved.statusCode).toBe(400);
    expect(unapproved.json()).toMatchObject({ message: NOT_FOR_SALE_IN_BASKET, errors: [{ field: 'items.1.productId' }] });
    const unknown = await send(ctx, buyer, 'PUT', '/api/cart', [line('aaaaaaaaaaaaaaaaaaaaaaaa')]);
    expect(unknown.statusCode).toBe(400);
    expect(idsOf(await send(ctx, buyer, 'GET', '/api/wishlist'))).toEqual([]);

    // A visitor's browser may have kept them for days: the merge keeps the rest.
    expect(idsOf(await send(ctx, buyer, 'POST', '/api/cart', [line(pending._id), line(first._id)]))).toEqual([first._id]);
    expect(idsOf(await send(ctx, seller, 'POST', '/api/cart', [line(first._id)]))).toEqual([]);
  });

  it('validates the lines: licence, reskin flag, ids, duplicates and size', async () => {
    const { ctx, buyer, first } = await shop();
    const refused = [
      [line(first._id, 'Lifetime License')],
      [line(first._id, 'Single App License', 'yes')],
      [line('not an id')],
      [line(first._id), line(first._id, 'Multi App License')],
      [{ ...line(first._id), price: 0 }],
      Array.from({ length: 51 }, (_, index) => line(`product-${String(index).padStart(8, '0')}`)),
    ];
    for (const items of refused) {
      for (const method of ['PUT', 'POST'] as const) {
        const response = await send(ctx, buyer, method, '/api/cart', items);
        expect({ items: JSON.stringify(items).slice(0, 120), status: response.statusCode }).toMatchObject({ status: 400 });
      }
    }
    expect((await injectAs(ctx, buyer, { method: 'PUT', url: '/api/cart', payload: [line(first._id)] })).statusCode).toBe(400);
    expect(idsOf(await send(ctx, buyer, 'GET', '/api/cart'))).toEqual([]);
  });

  it('stops showing a line whose product leaves the store, and shows it again when it returns', async () => {
    const { ctx, admin, buyer, first, second } = await shop();
    await send(ctx, buyer, 'PUT', '/api/cart', [line(first._id), line(second._id)]);

    expect((await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/reject-product/${first._id}` })).statusCode).toBe(200);
    expect(idsOf(await send(ctx, buyer, 'GET', '/api/cart'))).toEqual([second._id]);
    expect((await injectAs(ctx, admin, { method: 'PUT', url: `/api/product/approved-product/${first._id}` })).statusCode).toBe(200);
    expect(idsOf(await send(ctx, buyer, 'GET', '/api/cart'))).toEqual([first._id, second._id]);
  });
});
