import type { Bundle, CartPrice, Purchase } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { confirmCard, openIntent, postPurchaseDetail, requestIntent, singleLine, stripeRefundWebhook } from '../../test/commerce.js';
import { buildCatalogueApp, createApprovedProduct } from '../../test/factories.js';
import { startFakeStripe } from '../../test/fake-stripe.js';
import { createUser, injectAs, type TestContext, type TestUser } from '../../test/helper.js';
import { sellerAccount } from '../ledger/index.js';

const title = (en: string) => JSON.stringify({ en });

/** A seller with three approved products at uneven prices, a buyer and an admin. */
async function shop(env: Record<string, string> = {}) {
  const ctx = await buildCatalogueApp(env);
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx, { name: 'Pixel Forge' });
  const buyer = await createUser(ctx, { name: 'Jamie Buyer' });
  const product = (name: string, single: string, multi: string) =>
    createApprovedProduct(ctx, seller, admin, { title: title(name), singleAppLicense: single, multiAppLicense: multi });
  const runner = await product('Space Runner', '9.99', '19.99');
  const puzzle = await product('Block Puzzle', '14.99', '29.99');
  const racer = await product('Kart Racer', '30.01', '60');
  return { ctx, admin, seller, buyer, runner, puzzle, racer };
}

type Shop = Awaited<ReturnType<typeof shop>>;

const makeBundle = (ctx: TestContext, user: TestUser | null, payload: Record<string, unknown>) =>
  injectAs(ctx, user, { method: 'POST', url: '/api/bundle', payload });

/** The three products at $39.99 (Single, of $54.99) and $98 (Multi, of $109.98). */
async function starterPack({ ctx, seller, runner, puzzle, racer }: Shop): Promise<Bundle> {
  const response = await makeBundle(ctx, seller, {
    name: 'Starter pack',
    productIds: [runner._id, puzzle._id, racer._id],
    singleAppLicense: 39.99,
    multiAppLicense: 98,
  });
  expect(response.statusCode).toBe(201);
  return response.json() as Bundle;
}

const bundleLine = (bundleId: string, licenseType: 'Single App License' | 'Multi App License' = 'Single App License') => ({
  bundleId,
  licenseType,
});

const ledgerSales = (ctx: TestContext, lineIds: string[]) =>
  ctx.db
    .selectFrom('ledger_entries')
    .select(['order_line_id', 'amount_cents'])
    .where('kind', '=', 'sale')
    .where('account', 'like', 'seller:%')
    .where('order_line_id', 'in', lineIds)
    .execute();

describe('bundles', () => {
  it('grant every product’s licence at the bundle’s price, split to the cent, and a refund revokes all of them', async () => {
    const people = await shop();
    const { ctx, admin, seller, buyer, runner, puzzle, racer } = people;
    const bundle = await starterPack(people);
    expect(bundle).toMatchObject({
      name: 'Starter pack',
      seller: { _id: seller._id, name: 'Pixel Forge' },
      singleAppLicense: 39.99,
      multiAppLicense: 98,
      listed: { singleAppLicense: 54.99, multiAppLicense: 109.98 },
      forSale: true,
      whyNotForSale: null,
    });
    expect(bundle.products.map((product) => [product.title, product.singleAppLicense])).toEqual([
      ['Space Runner', 9.99],
      ['Block Puzzle', 14.99],
      ['Kart Racer', 30.01],
    ]);
    // Buyers find it from each product's page.
    const onPage = (await injectAs(ctx, null, { method: 'GET', url: `/api/bundle?productId=${puzzle._id}` })).json() as Bundle[];
    expect(onPage.map((found) => found._id)).toEqual([bundle._id]);

    // The saving ($15.00) split in proportion to $9.99 / $14.99 / $30.01, the cents left going to the largest remainders.
    const priced = (
      await injectAs(ctx, buyer, { method: 'POST', url: '/api/cart/price', payload: { products: [bundleLine(bundle._id)] } })
    ).json() as CartPrice;
    expect(priced.lines).toEqual([
      {
        productId: runner._id,
        bundleId: bundle._id,
        licenseType: 'Single App License',
        listPrice: 9.99,
        saleDiscount: 0,
        discount: 2.72,
        price: 7.27,
      },
      {
        productId: puzzle._id,
        bundleId: bundle._id,
        licenseType: 'Single App License',
        listPrice: 14.99,
        saleDiscount: 0,
        discount: 4.09,
        price: 10.9,
      },
      {
        productId: racer._id,
        bundleId: bundle._id,
        licenseType: 'Single App License',
        listPrice: 30.01,
        saleDiscount: 0,
        discount: 8.19,
        price: 21.82,
      },
    ]);
    expect(priced).toMatchObject({ subtotal: 54.99, discount: 15, total: 39.99 });

    const intent = await openIntent(ctx, buyer, [bundleLine(bundle._id)]);
    // The provider is asked for exactly the server's total.
    expect(intent.amount).toBe(3999);
    const atProvider = await ctx.db
      .selectFrom('simulated_payment_intents')
      .select('amount_cents')
      .where('id', '=', intent.paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(Number(atProvider.amount_cents)).toBe(3999);
    expect((await confirmCard(ctx, buyer, intent.clientSecret)).statusCode).toBe(200);
    const recorded = await postPurchaseDetail(ctx, buyer, intent.paymentIntentId);
    expect(recorded.statusCode).toBe(201);
    const purchase = (recorded.json() as { purchase: Purchase }).purchase;

    // Three licences, each its own line with its own purchase code.
    expect(purchase.amountPaid).toBe(39.99);
    expect(purchase.products.map((line) => [line.productId, line.price, line.licenceStatus, line.bundle?.name]).sort()).toEqual(
      [
        [runner._id, 7.27, 'Active', 'Starter pack'],
        [puzzle._id, 10.9, 'Active', 'Starter pack'],
        [racer._id, 21.82, 'Active', 'Starter pack'],
      ].sort(),
    );
    expect(new Set(purchase.products.map((line) => line.purchaseCode)).size).toBe(3);
    const order = (await ctx.services.orders.byIntent('simulated', intent.paymentIntentId))!;
    expect(order.totalCents).toBe(3999);
    expect(order.lines.map((line) => [line.kind, line.bundleId, line.listCents - line.discountCents, line.paidCents])).toEqual(
      order.lines.map((line) => ['bundle', bundle._id, line.paidCents, line.paidCents]),
    );
    // Each line has its sale in the ledger; the seller's entries add up to the bundle's price.
    const sales = await ledgerSales(
      ctx,
      order.lines.map((line) => line.id),
    );
    expect(sales.map((entry) => Number(entry.amount_cents)).sort((a, b) => a - b)).toEqual([727, 1090, 2182]);
    expect(await ctx.services.ledger.balanceOf(sellerAccount(seller._id))).toBe(3999);

    const [receipt] = await ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', buyer.email).execute();
    expect(receipt!.text_body).toContain('Bundle "Starter pack" · 3 products · Single App License: $39.99');
    expect(receipt!.text_body).toContain('Kart Racer · Single App License · in the bundle "Starter pack": $21.82');
    expect(receipt!.text_body).toContain('Total paid: $39.99');

    // Asked for one of its products, the refund takes the whole bundle back.
    const refund = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/purchase/refund',
      payload: { purchaseId: purchase._id, productId: puzzle._id, reason: 'Bought by mistake' },
    });
    expect(refund.json()).toEqual({
      message: 'Refunded $39.99 for the whole bundle "Starter pack"; the licences are revoked.',
      refunded: expect.arrayContaining([
        { productId: runner._id, amount: 7.27, refundedNow: true },
        { productId: puzzle._id, amount: 10.9, refundedNow: true },
        { productId: racer._id, amount: 21.82, refundedNow: true },
      ]),
    });
    const [after] = (await injectAs(ctx, buyer, { method: 'GET', url: '/api/purchase/allPurchases' })).json() as Purchase[];
    expect(after!.products.map((line) => line.licenceStatus)).toEqual(['Revoked', 'Revoked', 'Revoked']);
    expect(await ctx.services.ledger.balanceOf(sellerAccount(seller._id))).toBe(0);
    expect((await ctx.services.orders.byId(purchase._id))!.status).toBe('refunded');
    expect(await ctx.services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });
  });

  it('charge the Multi split through Stripe, and a dashboard refund of the bundle’s price revokes its licences only', async () => {
    const stripe = await startFakeStripe();
    const people = await shop(stripe.env());
    const { ctx, admin, buyer, runner, puzzle, racer } = people;
    const bundle = await starterPack(people);
    const other = await createApprovedProduct(ctx, admin, admin, { title: title('Tower Siege'), singleAppLicense: '25' });

    const intent = await openIntent(ctx, buyer, [bundleLine(bundle._id, 'Multi App License'), singleLine(other._id)]);
    expect(stripe.intents.get(intent.paymentIntentId)!.amount).toBe(9800 + 2500);
    stripe.succeed(intent.paymentIntentId);
    const purchase = ((await postPurchaseDetail(ctx, buyer, intent.paymentIntentId)).json() as { purchase: Purchase }).purchase;
    // $109.98 less $11.98: 19.99 → 17.81, 29.99 → 26.72, 60 → 53.47.
    const paid = Object.fromEntries(purchase.products.map((line) => [line.productId, line.price]));
    expect(paid).toEqual({ [runner._id]: 17.81, [puzzle._id]: 26.72, [racer._id]: 53.47, [other._id]: 25 });

    // $98 refunded in the dashboard: no line cost that, the bundle's three together did.
    stripe.intents.get(intent.paymentIntentId)!.amount_refunded = 9800;
    expect((await stripeRefundWebhook(ctx, intent.paymentIntentId, 9800)).statusCode).toBe(200);
    const [after] = (await injectAs(ctx, buyer, { method: 'GET', url: '/api/purchase/allPurchases' })).json() as Purchase[];
    const status = Object.fromEntries(after!.products.map((line) => [line.productId, line.licenceStatus]));
    expect(status).toEqual({ [runner._id]: 'Revoked', [puzzle._id]: 'Revoked', [racer._id]: 'Revoked', [other._id]: 'Active' });
    expect(await ctx.services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });
  });

  it('are refused when they break a rule, and belong to their seller', async () => {
    const people = await shop();
    const { ctx, admin, seller, buyer, runner, puzzle, racer } = people;
    const strangers = await createApprovedProduct(ctx, buyer, admin, { title: title('Not Yours') });
    const ids = [runner._id, puzzle._id, racer._id];
    const body = { name: 'Starter pack', productIds: ids, singleAppLicense: 39.99, multiAppLicense: 98 };
    const manyIds = Array.from({ length: 21 }, (_, index) => `product${String(index).padStart(4, '0')}`);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ productIds: [runner._id] }, 400, 'A bundle holds at least 2 products'],
      [{ productIds: [runner._id, runner._id] }, 400, 'A bundle holds at least 2 products'],
      [{ productIds: manyIds }, 400, 'A bundle holds at most 20 products'],
      [{ productIds: [runner._id, strangers._id] }, 400, 'A bundle can hold only your own products'],
      [{ productIds: [runner._id, 'nosuchproduct'] }, 400, 'A bundle can hold only your own products'],
      [
        { singleAppLicense: 49.5 },
        400,
        'The Single App License price must be at most $49.49: at least 10% below the $54.99 its products cost one by one',
      ],
      [
        { multiAppLicense: 98.99 },
        400,
        'The Multi App License price must be at most $98.98: at least 10% below the $109.98 its products cost one by one',
      ],
      [{ singleAppLicense: 0.4, multiAppLicense: 0.4 }, 400, 'A bundle costs at least $0.50'],
      [{ singleAppLicense: 10.001 }, 400, 'Use at most two decimals for a price'],
      [{ name: '  ' }, 400, 'Name the bundle'],
    ];
    for (const [change, status, message] of cases) {
      const response = await makeBundle(ctx, seller, { ...body, ...change });
      expect({ change, status: response.statusCode, message: (response.json() as { message: string }).message }).toEqual({
        change,
        status,
        message,
      });
    }
    expect((await makeBundle(ctx, null, body)).statusCode).toBe(401);
    expect((await injectAs(ctx, null, { method: 'GET', url: '/api/bundle' })).statusCode).toBe(401);

    const bundle = await starterPack(people);
    // Another account can neither change nor delete it; an unknown one is not found.
    const edit = { ...body, name: 'Mine now' };
    expect((await injectAs(ctx, buyer, { method: 'PUT', url: `/api/bundle/${bundle._id}`, payload: edit })).statusCode).toBe(403);
    expect((await injectAs(ctx, buyer, { method: 'DELETE', url: `/api/bundle/${bundle._id}` })).statusCode).toBe(403);
    expect((await injectAs(ctx, buyer, { method: 'DELETE', url: '/api/bundle/nosuchbundle1' })).statusCode).toBe(404);
    expect((await injectAs(ctx, buyer, { method: 'GET', url: '/api/bundle' })).json()).toEqual([]);
    // Its seller can, within the same rules.
    const changed = await injectAs(ctx, seller, {
      method: 'PUT',
      url: `/api/bundle/${bundle._id}`,
      payload: { ...body, name: 'Two of them', productIds: [puzzle._id, racer._id], singleAppLicense: 40.51 },
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toMatchObject({ errors: [{ field: 'singleAppLicense' }] });
    const renamed = await injectAs(ctx, seller, {
      method: 'PUT',
      url: `/api/bundle/${bundle._id}`,
      payload: { ...body, name: 'Two of them', productIds: [puzzle._id, racer._id], singleAppLicense: 40, multiAppLicense: 80 },
    });
    expect(renamed.json()).toMatchObject({
      name: 'Two of them',
      listed: { singleAppLicense: 45 },
      products: [{ _id: puzzle._id }, { _id: racer._id }],
    });

    // A code of the seller's takes nothing off a bundle.
    await injectAs(ctx, seller, { method: 'POST', url: '/api/discount', payload: { code: 'TENOFF', kind: 'percent', amount: 10 } });
    const withCode = (
      await injectAs(ctx, buyer, {
        method: 'POST',
        url: '/api/cart/price',
        payload: { products: [bundleLine(bundle._id)], code: 'TENOFF' },
      })
    ).json() as CartPrice;
    expect(withCode).toMatchObject({ total: 40, code: { applied: false, message: 'This code does not apply to these products' } });

    // At the cart: the seller's own bundle, a bundle with one of its products beside it, two bundles sharing one.
    const own = await requestIntent(ctx, seller, [bundleLine(bundle._id)]);
    expect(own.json()).toMatchObject({ message: 'You cannot buy your own bundle.' });
    const twice = await requestIntent(ctx, buyer, [bundleLine(bundle._id), singleLine(racer._id)]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({
      message: '"Kart Racer" is in the bundle "Two of them" and again in your cart; keep the bundle or the product, not both',
    });
    const second = (
      await makeBundle(ctx, seller, {
        ...body,
        name: 'Runner and racer',
        productIds: [runner._id, racer._id],
        multiAppLicense: 70,
        singleAppLicense: 30,
      })
    ).json() as Bundle;
    expect((await requestIntent(ctx, buyer, [bundleLine(bundle._id), bundleLine(second._id)])).json()).toMatchObject({
      message: '"Kart Racer" is in the bundles "Two of them" and "Runner and racer"; keep one of them',
    });

    // A product leaves the store: the bundle is no longer for sale, and its seller is told why.
    expect(
      (
        await injectAs(ctx, admin, {
          method: 'PUT',
          url: `/api/product/reject-product/${racer._id}`,
          payload: { reason: 'Copyright or licence problem' },
        })
      ).statusCode,
    ).toBe(200);
    const gone = await requestIntent(ctx, buyer, [bundleLine(bundle._id)]);
    expect(gone.statusCode).toBe(400);
    expect(gone.json()).toMatchObject({
      message: 'The bundle "Two of them" is no longer for sale ("Kart Racer" is not on the store); remove it from the cart',
    });
    expect((await injectAs(ctx, buyer, { method: 'GET', url: `/api/bundle/${bundle._id}` })).statusCode).toBe(404);
    expect((await injectAs(ctx, null, { method: 'GET', url: `/api/bundle?productId=${puzzle._id}` })).json()).toEqual([]);
    const mine = (await injectAs(ctx, seller, { method: 'GET', url: '/api/bundle' })).json() as Bundle[];
    expect(mine.find((found) => found._id === bundle._id)).toMatchObject({
      forSale: false,
      whyNotForSale: '"Kart Racer" is not on the store',
    });

    // A product never sold is deleted outright: a bundle left with one product is not for sale.
    expect((await injectAs(ctx, admin, { method: 'DELETE', url: `/api/product/delProduct/${runner._id}` })).statusCode).toBe(200);
    const shrunk = (await injectAs(ctx, seller, { method: 'GET', url: `/api/bundle/${second._id}` })).json() as Bundle;
    expect(shrunk).toMatchObject({ forSale: false, whyNotForSale: 'it holds fewer than 2 products', products: [{ _id: racer._id }] });

    // Deleted, it is sold no more.
    expect((await injectAs(ctx, seller, { method: 'DELETE', url: `/api/bundle/${second._id}` })).json()).toEqual({
      message: 'Bundle deleted',
    });
    expect((await requestIntent(ctx, buyer, [bundleLine(second._id)])).statusCode).toBe(400);
    expect((await injectAs(ctx, seller, { method: 'GET', url: `/api/bundle/${second._id}` })).statusCode).toBe(404);
  });
});
