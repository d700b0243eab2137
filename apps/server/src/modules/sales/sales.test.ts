import type { CartPrice, ProductDetail, ProductSummary, SaleEvent } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { confirmCard, multiLine, postPurchaseDetail, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, createApprovedProduct, sendProductForm } from '../../test/factories.js';
import { createUser, injectAs, sessionCookieOf, type TestContext, type TestUser } from '../../test/helper.js';

const DAY = 86_400_000;

async function shop(ctx: TestContext) {
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const buyer = await createUser(ctx);
  const runner = await createApprovedProduct(ctx, seller, admin, { singleAppLicense: '40', multiAppLicense: '100' });
  const puzzle = await createApprovedProduct(ctx, seller, admin, { singleAppLicense: '20', multiAppLicense: '50' });
  return { admin, seller, buyer, runner, puzzle };
}

/** A new session after the clock jumped past the old one's life. */
async function signedInAgain(ctx: TestContext, user: TestUser): Promise<TestUser> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/user/signIn',
    payload: { email: user.email, password: user.password },
  });
  return { ...user, cookie: sessionCookieOf(response.headers['set-cookie']) };
}

const at = (ctx: TestContext, days: number) => new Date(ctx.clock.now().getTime() + days * DAY).toISOString();

const startSale = (ctx: TestContext, seller: TestUser, body: Record<string, unknown>) =>
  injectAs(ctx, seller, {
    method: 'POST',
    url: '/api/sale',
    payload: { percent: 25, startsAt: ctx.clock.now().toISOString(), endsAt: at(ctx, 7), ...body },
  });

/** An admin's edit applies at once (a seller's waits for moderation). */
const setPrices = (ctx: TestContext, admin: TestUser, productId: string, single: string, multi: string) =>
  sendProductForm(
    ctx,
    admin,
    { singleAppLicense: single, multiAppLicense: multi },
    { method: 'PUT', url: `/api/product/editProduct/${productId}` },
  );

const productRead = async (ctx: TestContext, product: ProductDetail) =>
  (await injectAs(ctx, null, { method: 'GET', url: `/api/product/by-slug/${product.slug}` })).json() as ProductDetail;

describe('sales', () => {
  it('show a running sale on product reads and cards, and the cart and the checkout charge its price', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, buyer, runner, puzzle } = await shop(ctx);
    // Read before the sale: the kept answer must not outlive its start.
    expect((await productRead(ctx, runner)).sale).toBeUndefined();

    const made = await startSale(ctx, seller, { productIds: [runner._id], percent: 25 });

    expect(made.statusCode).toBe(201);
    expect(made.json()).toMatchObject({
      percent: 25,
      state: 'running',
      products: [
        {
          productId: runner._id,
          title: runner.title.en ?? null,
          singleAppLicense: 40,
          multiAppLicense: 100,
          saleSingleAppLicense: 30,
          saleMultiAppLicense: 75,
          lowestIn30Days: { singleAppLicense: 40, multiAppLicense: 100 },
        },
      ],
    } satisfies Partial<SaleEvent>);
    const read = await productRead(ctx, runner);
    expect(read.singleAppLicense).toBe(40);
    expect(read.sale).toEqual({
      percent: 25,
      startsAt: ctx.clock.now().toISOString(),
      endsAt: at(ctx, 7),
      singleAppLicense: 30,
      multiAppLicense: 75,
      lowestIn30Days: { singleAppLicense: 40, multiAppLicense: 100 },
    });
    const list = (
      await injectAs(ctx, null, { method: 'GET', url: '/api/product/uploaded-products?status=Approved' })
    ).json() as ProductSummary[];
    expect(list.find((card) => card._id === runner._id)?.sale?.singleAppLicense).toBe(30);
    expect(list.find((card) => card._id === puzzle._id)?.sale).toBeUndefined();

    const priced = (
      await injectAs(ctx, buyer, {
        method: 'POST',
        url: '/api/cart/price',
        payload: { products: [multiLine(runner._id), singleLine(puzzle._id)] },
      })
    ).json() as CartPrice;
    expect(priced.lines).toEqual([
      { productId: runner._id, licenseType: 'Multi App License', listPrice: 100, saleDiscount: 25, discount: 25, price: 75 },
      { productId: puzzle._id, licenseType: 'Single App License', listPrice: 20, saleDiscount: 0, discount: 0, price: 20 },
    ]);
    const intent = await injectAs(ctx, buyer, {
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      payload: { products: [multiLine(runner._id), singleLine(puzzle._id)], currency: 'usd', amount: 9500 },
    });
    expect(intent.statusCode).toBe(200);
    const { clientSecret, paymentIntentId } = intent.json() as { clientSecret: string; paymentIntentId: string };
    expect((await confirmCard(ctx, buyer, clientSecret)).statusCode).toBe(200);
    expect((await postPurchaseDetail(ctx, buyer, paymentIntentId)).statusCode).toBe(201);
    const order = await ctx.services.orders.byIntent('simulated', paymentIntentId);
    expect(order!.lines.find((line) => line.productId === runner._id)).toMatchObject({
      listCents: 10000,
      discountCents: 2500,
      paidCents: 7500,
    });
    const earnings = (await injectAs(ctx, seller, { method: 'GET', url: '/api/user/earnings' })).json() as { totalEarnings: number };
    expect(earnings.totalEarnings).toBe(95);
  });

  it('take a discount code off the sale price', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, buyer, runner } = await shop(ctx);
    await startSale(ctx, seller, { productIds: [runner._id], percent: 50 });
    await injectAs(ctx, seller, { method: 'POST', url: '/api/discount', payload: { code: 'EXTRA10', kind: 'percent', amount: 10 } });

    const priced = (
      await injectAs(ctx, buyer, {
        method: 'POST',
        url: '/api/cart/price',
        payload: { products: [singleLine(runner._id)], code: 'EXTRA10' },
      })
    ).json() as CartPrice;

    expect(priced.lines).toEqual([
      { productId: runner._id, licenseType: 'Single App License', listPrice: 40, saleDiscount: 20, discount: 22, price: 18 },
    ]);
    expect(priced.total).toBe(18);
  });

  it('begin and end on product reads by the clock, without a write', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, runner } = await shop(ctx);
    expect((await startSale(ctx, seller, { productIds: [runner._id], startsAt: at(ctx, 1), endsAt: at(ctx, 3) })).json()).toMatchObject({
      state: 'scheduled',
    });
    expect((await productRead(ctx, runner)).sale).toBeUndefined();

    ctx.clock.advance(DAY + 1000);
    expect(await ctx.services.sales.noticeStartsAndEnds()).toBe(true);
    expect((await productRead(ctx, runner)).sale?.singleAppLicense).toBe(30);

    ctx.clock.advance(2 * DAY);
    expect(await ctx.services.sales.noticeStartsAndEnds()).toBe(true);
    expect((await productRead(ctx, runner)).sale).toBeUndefined();
    expect(await ctx.services.sales.noticeStartsAndEnds()).toBe(false);
  });

  it('fill the On Sale shelf and the browse filter while they run, soonest ending first, and leave them when they end', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, seller, runner, puzzle } = await shop(ctx);
    const other = await createApprovedProduct(ctx, seller, admin, { singleAppLicense: '10', multiAppLicense: '30', subCategory: 'Racing' });
    const shelf = async () =>
      (
        (await injectAs(ctx, null, { method: 'GET', url: '/api/product/listing/on-sale' })).json() as {
          title: string;
          products: ProductSummary[];
        }
      ).products;
    const onSaleIn = async (query: string) =>
      ((await injectAs(ctx, null, { method: 'GET', url: `/api/product/uploaded-products?${query}` })).json() as ProductSummary[]).map(
        (card) => card._id,
      );
    // Read empty first: the kept answers must not outlive the sales' starts.
    expect(await injectAs(ctx, null, { method: 'GET', url: '/api/product/listing/on-sale' }).then((response) => response.json())).toEqual({
      title: 'On Sale',
      products: [],
    });
    expect(await onSaleIn('status=Approved&onSale=true')).toEqual([]);

    await startSale(ctx, seller, { productIds: [puzzle._id], percent: 10, endsAt: at(ctx, 5) });
    await startSale(ctx, seller, { productIds: [runner._id], percent: 25, endsAt: at(ctx, 2) });
    await startSale(ctx, seller, { productIds: [other._id], startsAt: at(ctx, 1), endsAt: at(ctx, 3) });

    const cards = await shelf();
    expect(cards.map((card) => [card._id, card.sale?.percent])).toEqual([
      [runner._id, 25],
      [puzzle._id, 10],
    ]);
    expect(cards[0]!.sale?.singleAppLicense).toBe(30);
    expect(new Set(await onSaleIn('status=Approved&onSale=true'))).toEqual(new Set([runner._id, puzzle._id]));
    expect(await onSaleIn('status=Approved&onSale=false')).toHaveLength(3);
    expect((await injectAs(ctx, null, { method: 'GET', url: '/api/product/uploaded-products?onSale=yes' })).statusCode).toBe(400);

    // The scheduled one starts, the first one ends: the clock's round drops the kept shelf.
    ctx.clock.advance(2 * DAY + 1000);
    expect(await ctx.services.sales.noticeStartsAndEnds()).toBe(true);
    expect((await shelf()).map((card) => card._id)).toEqual([other._id, puzzle._id]);
    expect(new Set(await onSaleIn('onSale=true'))).toEqual(new Set([other._id, puzzle._id]));
    // The filter narrows a genre tab's list, as the browse page asks it.
    expect(await onSaleIn('status=Approved&subCategory=Arcades&onSale=true')).toEqual([puzzle._id]);
    expect(await onSaleIn('status=Approved&subCategory=Racing&onSale=true')).toEqual([other._id]);

    ctx.clock.advance(3 * DAY);
    expect(await ctx.services.sales.noticeStartsAndEnds()).toBe(true);
    expect(await shelf()).toEqual([]);
  });

  it('cannot start within 30 days of a price rise: the struck-through price must have been the price', async () => {
    const ctx = await buildCatalogueApp();
    const people = await shop(ctx);
    const { runner } = people;
    ctx.clock.advance(40 * DAY);
    const [admin, seller] = [await signedInAgain(ctx, people.admin), await signedInAgain(ctx, people.seller)];
    expect((await setPrices(ctx, admin, runner._id, '45', '100')).statusCode).toBe(200);
    const raisedOn = ctx.clock.now().toISOString().slice(0, 10);
    ctx.clock.advance(10 * DAY);

    const refused = await startSale(ctx, seller, { productIds: [runner._id] });

    expect(refused.statusCode).toBe(400);
    const saleFrom = new Date(Date.parse(`${raisedOn}T00:00:00Z`) + 30 * DAY).toISOString().slice(0, 10);
    expect(refused.json()).toMatchObject({
      message: `The price of "${runner.title.en}" was raised on ${raisedOn}; a sale on it can start from ${saleFrom}`,
    });
    // 30 days after the rise it may start; a lowered price never stops a sale.
    expect((await startSale(ctx, seller, { productIds: [runner._id], startsAt: at(ctx, 21), endsAt: at(ctx, 25) })).statusCode).toBe(201);
  });

  it('show the lowest price of the 30 days before the sale after three price changes and an earlier sale', async () => {
    const ctx = await buildCatalogueApp();
    const people = await shop(ctx);
    const { runner } = people;
    // Listed at $40 / $100 on day 0; each jump signs in again, as a person would after weeks away.
    const later = async (days: number) => {
      ctx.clock.advance(days * DAY);
      return [await signedInAgain(ctx, people.admin), await signedInAgain(ctx, people.seller)] as const;
    };
    let [admin, seller] = await later(10);
    await setPrices(ctx, admin, runner._id, '70', '120'); // day 10: raised
    [admin, seller] = await later(35);
    await setPrices(ctx, admin, runner._id, '65', '110'); // day 45: lowered
    [admin, seller] = await later(1);
    expect((await startSale(ctx, seller, { productIds: [runner._id], percent: 20, endsAt: at(ctx, 2) })).statusCode).toBe(201); // days 46–48: $52 / $88
    [admin, seller] = await later(4);
    await setPrices(ctx, admin, runner._id, '62', '105'); // day 50: lowered again

    [admin, seller] = await later(10); // day 60: the 30 days before are days 30–60
    expect((await startSale(ctx, seller, { productIds: [runner._id], percent: 10 })).statusCode).toBe(201);

    expect((await productRead(ctx, runner)).sale).toMatchObject({
      singleAppLicense: 55.8,
      multiAppLicense: 94.5,
      lowestIn30Days: { singleAppLicense: 52, multiAppLicense: 88 },
    });
    // A raise stops the next sale for 30 days (the multi price goes up on day 70, after this sale).
    [admin, seller] = await later(10);
    expect((await setPrices(ctx, admin, runner._id, '62', '115')).statusCode).toBe(200);
    [admin, seller] = await later(10);
    expect((await startSale(ctx, seller, { productIds: [runner._id] })).statusCode).toBe(400);
  });

  it("count an earlier sale's price as the lowest of the 30 days before the next", async () => {
    const ctx = await buildCatalogueApp();
    const { seller, runner } = await shop(ctx);
    await startSale(ctx, seller, { productIds: [runner._id], percent: 50, endsAt: at(ctx, 2) }); // $20 / $50 for two days
    ctx.clock.advance(10 * DAY);
    const again = await signedInAgain(ctx, seller);

    expect((await startSale(ctx, again, { productIds: [runner._id], percent: 20 })).statusCode).toBe(201);

    expect((await productRead(ctx, runner)).sale).toMatchObject({
      singleAppLicense: 32,
      multiAppLicense: 80,
      lowestIn30Days: { singleAppLicense: 20, multiAppLicense: 50 },
    });
  });

  it("hold the product's prices while a sale is scheduled or running, and never overlap another", async () => {
    const ctx = await buildCatalogueApp();
    const { admin, seller, runner } = await shop(ctx);
    await startSale(ctx, seller, { productIds: [runner._id], startsAt: at(ctx, 2), endsAt: at(ctx, 5) });

    const edit = await sendProductForm(
      ctx,
      seller,
      { singleAppLicense: '35' },
      { method: 'PUT', url: `/api/product/editProduct/${runner._id}` },
    );
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({
      message: expect.stringMatching(/^This product is in a sale until .* UTC; change its prices once the sale has ended$/),
    });
    expect((await setPrices(ctx, admin, runner._id, '35', '100')).statusCode).toBe(409);
    // Other fields may change.
    expect(
      (await sendProductForm(ctx, admin, { authorName: 'New Studio' }, { method: 'PUT', url: `/api/product/editProduct/${runner._id}` }))
        .statusCode,
    ).toBe(200);

    const overlap = await startSale(ctx, seller, { productIds: [runner._id], startsAt: at(ctx, 4), endsAt: at(ctx, 6) });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json()).toMatchObject({ message: expect.stringContaining('is already in a sale from') });
  });

  it('are refused when they break a rule, and belong to their seller', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, buyer, runner } = await shop(ctx);
    const other = await createUser(ctx);
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ productIds: [] }, 400, 'Choose at least one product'],
      [{ productIds: [runner._id], percent: 95 }, 400, 'A sale takes a whole percent from 1 to 90 off'],
      [{ productIds: [runner._id], percent: 12.5 }, 400, 'A sale takes a whole percent from 1 to 90 off'],
      [{ productIds: [runner._id], endsAt: at(ctx, -1) }, 400, 'The end must come after the start'],
      [{ productIds: [runner._id], endsAt: at(ctx, 91) }, 400, 'A sale lasts at most 90 days'],
      [{ productIds: [runner._id], startsAt: at(ctx, -1), endsAt: at(ctx, 1) }, 400, 'A sale cannot start in the past'],
    ];
    for (const [body, status, message] of cases) {
      const response = await startSale(ctx, seller, body);
      expect({ body, status: response.statusCode, message: (response.json() as { message: string }).message }).toEqual({
        body,
        status,
        message,
      });
    }
    expect((await startSale(ctx, other, { productIds: [runner._id] })).json()).toMatchObject({
      message: 'A sale can hold only your own products',
    });

    const sale = (await startSale(ctx, seller, { productIds: [runner._id], startsAt: at(ctx, 1), endsAt: at(ctx, 2) })).json() as SaleEvent;
    expect((await injectAs(ctx, buyer, { method: 'DELETE', url: `/api/sale/${sale._id}` })).statusCode).toBe(403);
    expect((await injectAs(ctx, buyer, { method: 'GET', url: '/api/sale' })).json()).toEqual([]);
    expect((await injectAs(ctx, null, { method: 'GET', url: '/api/sale' })).statusCode).toBe(401);
  });

  it('end a running sale now and keep it, and delete a scheduled one', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, runner, puzzle } = await shop(ctx);
    const running = (await startSale(ctx, seller, { productIds: [runner._id] })).json() as SaleEvent;
    ctx.clock.advance(60_000);
    const scheduled = (
      await startSale(ctx, seller, { productIds: [puzzle._id], startsAt: at(ctx, 3), endsAt: at(ctx, 4) })
    ).json() as SaleEvent;

    expect((await injectAs(ctx, seller, { method: 'DELETE', url: `/api/sale/${running._id}` })).json()).toEqual({ message: 'Sale ended' });
    expect((await injectAs(ctx, seller, { method: 'DELETE', url: `/api/sale/${scheduled._id}` })).json()).toEqual({
      message: 'Sale deleted',
    });

    expect((await productRead(ctx, runner)).sale).toBeUndefined();
    const sales = (await injectAs(ctx, seller, { method: 'GET', url: '/api/sale' })).json() as SaleEvent[];
    expect(sales.map((sale) => [sale._id, sale.state])).toEqual([[running._id, 'ended']]);
    expect((await injectAs(ctx, seller, { method: 'DELETE', url: `/api/sale/${running._id}` })).statusCode).toBe(409);
    // Its prices may change again.
    expect(
      (await sendProductForm(ctx, seller, { singleAppLicense: '35' }, { method: 'PUT', url: `/api/product/editProduct/${runner._id}` }))
        .statusCode,
    ).toBe(200);
  });
});
