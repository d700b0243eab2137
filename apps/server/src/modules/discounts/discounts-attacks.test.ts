import { type CartPrice, DISCOUNT_MESSAGES, type Discount, type Earnings, type Statement } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { confirmCard, multiLine, postPurchaseDetail, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, buildTwoCatalogueApps, createApprovedProduct } from '../../test/factories.js';
import { createUser, injectAs, type TestContext, type TestUser } from '../../test/helper.js';
import { DISCOUNT_HOLD_MINUTES } from './index.js';

async function shop(ctx: TestContext) {
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const otherSeller = await createUser(ctx);
  const buyer = await createUser(ctx);
  const runner = await createApprovedProduct(ctx, seller, admin, { singleAppLicense: '40', multiAppLicense: '100' });
  const racer = await createApprovedProduct(ctx, otherSeller, admin, { singleAppLicense: '30', multiAppLicense: '60' });
  return { admin, seller, otherSeller, buyer, runner, racer };
}

async function codeOf(ctx: TestContext, seller: TestUser, body: Record<string, unknown>): Promise<Discount> {
  const response = await injectAs(ctx, seller, { method: 'POST', url: '/api/discount', payload: { kind: 'percent', amount: 25, ...body } });
  if (response.statusCode !== 201) throw new Error(`Code refused: ${response.body}`);
  return response.json() as Discount;
}

const editCode = (ctx: TestContext, user: TestUser | null, id: string, body: Record<string, unknown>) =>
  injectAs(ctx, user, { method: 'PUT', url: `/api/discount/${id}`, payload: { kind: 'percent', amount: 25, ...body } });

const priceCart = async (ctx: TestContext, buyer: TestUser, products: unknown[], code: string) =>
  (await injectAs(ctx, buyer, { method: 'POST', url: '/api/cart/price', payload: { products, code } })).json() as CartPrice;

const intentWithCode = (ctx: TestContext, buyer: TestUser, products: unknown[], code: string, extra: Record<string, unknown> = {}) =>
  injectAs(ctx, buyer, {
    method: 'POST',
    url: '/api/payment/create-payment-intent',
    payload: { products, currency: 'usd', code, ...extra },
  });

async function openWithCode(ctx: TestContext, buyer: TestUser, products: unknown[], code: string) {
  const response = await intentWithCode(ctx, buyer, products, code);
  if (response.statusCode !== 200) throw new Error(`Intent refused: ${response.body}`);
  return response.json() as { clientSecret: string; paymentIntentId: string; amount: number };
}

const providerAmount = async (ctx: TestContext, intentId: string) =>
  Number(
    (await ctx.db.selectFrom('simulated_payment_intents').select('amount_cents').where('id', '=', intentId).executeTakeFirstOrThrow())
      .amount_cents,
  );

async function codeRow(ctx: TestContext, codeId: string) {
  const row = await ctx.db
    .selectFrom('discount_codes')
    .select(['uses', 'max_redemptions'])
    .where('id', '=', codeId)
    .executeTakeFirstOrThrow();
  const redemptions = await ctx.db.selectFrom('discount_redemptions').select('status').where('code_id', '=', codeId).execute();
  const count = (status: string) => redemptions.filter((redemption) => redemption.status === status).length;
  return { uses: Number(row.uses), held: count('held'), paid: count('paid'), released: count('released') };
}

describe('a buyer trying to pay less than the priced total', () => {
  it('is charged exactly the priced total at the provider, and any other amount the browser sends is refused', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, buyer, runner, racer } = await shop(ctx);
    await codeOf(ctx, seller, { code: 'THIRD', amount: 33 });
    const cart = [multiLine(runner._id), singleLine(racer._id)];

    const priced = await priceCart(ctx, buyer, cart, 'third');
    // 33% of $100.00 is $33.00; the other seller's line keeps its price.
    expect(priced).toMatchObject({ subtotal: 130, discount: 33, total: 97 });

    for (const amount of [9699, 9701, -9700, 97, 0, 9700.5, null, '9700', 1e300]) {
      const response = await intentWithCode(ctx, buyer, cart, 'third', { amount });
      expect({ amount, status: response.statusCode }).toEqual({ amount, status: 400 });
    }
    expect(await ctx.db.selectFrom('orders').select('id').execute()).toEqual([]);

    const { amount, paymentIntentId } = await openWithCode(ctx, buyer, cart, 'third');
    expect(amount).toBe(9700);
    expect(await providerAmount(ctx, paymentIntentId)).toBe(9700);
    const order = await ctx.services.orders.byIntent('simulated', paymentIntentId);
    expect(order!.totalCents).toBe(9700);
  });

  it('keeps every line at $0.50 or more and whole cents, whatever the percent, fixed amount or list price', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, seller, buyer } = await shop(ctx);
    const prices = ['0.50', '0.51', '0.99', '1.01', '10.05', '99999.99'];
    const products = await Promise.all(
      prices.map((price) => createApprovedProduct(ctx, seller, admin, { singleAppLicense: price, multiAppLicense: price })),
    );
    const cart = products.map((product) => singleLine(product._id));
    await codeOf(ctx, seller, { code: 'ALL', amount: 100 });
    await codeOf(ctx, seller, { code: 'HALF', amount: 50 });
    await codeOf(ctx, seller, { code: 'HUGE', kind: 'fixed', amount: 100000 });
    await codeOf(ctx, seller, { code: 'CENT', kind: 'fixed', amount: 0.01 });

    for (const code of ['ALL', 'HALF', 'HUGE', 'CENT']) {
      const priced = await priceCart(ctx, buyer, cart, code);
      for (const [index, line] of priced.lines.entries()) {
        const list = Math.round(Number(prices[index]) * 100);
        const paid = Math.round(line.price * 100);
        // Whole cents, between $0.50 (or the list price below it) and the list price; discount + paid = list.
        expect({ code, index, fraction: Math.abs(line.price * 100 - paid) < 1e-6 }).toEqual({ code, index, fraction: true });
        expect(paid).toBeGreaterThanOrEqual(Math.min(list, 50));
        expect(paid).toBeLessThanOrEqual(list);
        expect(Math.round(line.discount * 100) + paid).toBe(list);
      }
      const { amount, paymentIntentId } = await openWithCode(ctx, buyer, cart, code);
      expect(amount).toBe(Math.round(priced.total * 100));
      expect(await providerAmount(ctx, paymentIntentId)).toBe(amount);
    }
    // Half of $10.05 is 502.5 cents: the half cent goes to the buyer (503 off, 502 paid); a $0.50 line keeps its price.
    const half = await priceCart(ctx, buyer, cart, 'HALF');
    expect(half.lines.map((line) => line.price)).toEqual([0.5, 0.5, 0.5, 0.5, 5.02, 49999.99]);
    const all = await priceCart(ctx, buyer, cart, 'ALL');
    expect(all.lines.map((line) => line.price)).toEqual([0.5, 0.5, 0.5, 0.5, 0.5, 0.5]);
  });

  it("cannot reach another seller's lines with a code, nor pay a seller's own product with it", async () => {
    const ctx = await buildCatalogueApp();
    const { seller, buyer, runner, racer } = await shop(ctx);
    await codeOf(ctx, seller, { code: 'MINE', amount: 100, productIds: [runner._id] });

    const theirs = await priceCart(ctx, buyer, [singleLine(racer._id)], 'MINE');
    expect(theirs).toMatchObject({ total: 30, code: { applied: false, message: DISCOUNT_MESSAGES.notApplicable } });
    const refused = await intentWithCode(ctx, buyer, [singleLine(racer._id)], 'MINE');
    expect(refused.statusCode).toBe(400);
    // The seller cannot buy the own product, code or not; in a mixed cart the other seller's line keeps its price.
    expect((await intentWithCode(ctx, seller, [singleLine(runner._id)], 'MINE')).statusCode).toBe(400);
    const sellersOwn = await injectAs(ctx, seller, {
      method: 'POST',
      url: '/api/cart/price',
      payload: { products: [singleLine(runner._id)], code: 'MINE' },
    });
    expect(sellersOwn.statusCode).toBe(400);
    expect((await priceCart(ctx, buyer, [singleLine(runner._id), singleLine(racer._id)], 'MINE')).lines.map((line) => line.price)).toEqual([
      0.5, 30,
    ]);
  });
});

describe('a code changed between checkout and payment', () => {
  it('is honoured once as the checkout recorded it, after being edited, paused, expired and deleted', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, buyer, runner } = await shop(ctx);
    const endsAt = new Date(ctx.clock.now().getTime() + 10 * 60_000).toISOString();
    const code = await codeOf(ctx, seller, { code: 'FLASH', maxRedemptions: 1, endsAt });
    const { clientSecret, paymentIntentId, amount } = await openWithCode(ctx, buyer, [singleLine(runner._id)], 'FLASH');
    expect(amount).toBe(3000);

    expect((await editCode(ctx, seller, code._id, { code: 'FLASH', amount: 90, maxRedemptions: 1, paused: true, endsAt })).statusCode).toBe(
      200,
    );
    ctx.clock.advance(11 * 60_000);
    expect((await injectAs(ctx, seller, { method: 'DELETE', url: `/api/discount/${code._id}` })).statusCode).toBe(200);
    expect((await confirmCard(ctx, buyer, clientSecret)).statusCode).toBe(200);
    expect((await postPurchaseDetail(ctx, buyer, paymentIntentId)).statusCode).toBe(201);
    // A second recording (the webhook, a retry) changes nothing.
    expect((await postPurchaseDetail(ctx, buyer, paymentIntentId)).statusCode).toBe(200);

    const order = await ctx.services.orders.byIntent('simulated', paymentIntentId);
    expect({ status: order!.status, total: order!.totalCents, paid: await providerAmount(ctx, paymentIntentId) }).toEqual({
      status: 'paid',
      total: 3000,
      paid: 3000,
    });
    expect(await codeRow(ctx, code._id)).toEqual({ uses: 1, held: 0, paid: 1, released: 0 });
  });
});

describe('a code for named products', () => {
  it('takes nothing off once its products are deleted, rather than reaching all of its seller’s products', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, seller, buyer, runner } = await shop(ctx);
    const doomed = await createApprovedProduct(ctx, seller, admin, { singleAppLicense: '10', multiAppLicense: '20' });
    const code = await codeOf(ctx, seller, { code: 'ONLYDOOMED', amount: 90, productIds: [doomed._id] });
    expect((await priceCart(ctx, buyer, [singleLine(runner._id)], 'ONLYDOOMED')).code?.applied).toBe(false);

    expect((await injectAs(ctx, admin, { method: 'DELETE', url: `/api/product/delProduct/${doomed._id}` })).statusCode).toBe(200);

    const priced = await priceCart(ctx, buyer, [singleLine(runner._id)], 'ONLYDOOMED');
    expect(priced).toMatchObject({ total: 40, code: { applied: false, message: DISCOUNT_MESSAGES.notApplicable } });
    expect((await intentWithCode(ctx, buyer, [singleLine(runner._id)], 'ONLYDOOMED')).statusCode).toBe(400);
    // Made again for all products, it reaches them.
    expect((await editCode(ctx, seller, code._id, { code: 'ONLYDOOMED', amount: 90 })).statusCode).toBe(200);
    expect((await priceCart(ctx, buyer, [singleLine(runner._id)], 'ONLYDOOMED')).total).toBe(4);
  });
});

describe('a limited code under races', () => {
  it('gives a use back exactly once when the checkout is closed by its seller, by housekeeping and by the clean-up, in any order', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, buyer, runner } = await shop(ctx);
    const code = await codeOf(ctx, seller, { code: 'ONCE', maxRedemptions: 2 });
    await openWithCode(ctx, buyer, [singleLine(runner._id)], 'ONCE');
    const other = await createUser(ctx);
    await openWithCode(ctx, other, [singleLine(runner._id)], 'ONCE');
    ctx.clock.advance((DISCOUNT_HOLD_MINUTES + 1) * 60_000);

    await Promise.all([
      ctx.services.payments.closeCheckoutsOf(runner._id),
      ctx.services.payments.closeStaleCodeHolds(10),
      ctx.services.payments.closeCheckoutsOf(runner._id),
    ]);
    expect(await codeRow(ctx, code._id)).toEqual({ uses: 0, held: 0, paid: 0, released: 2 });
    await ctx.services.payments.forgetAbandoned(ctx.clock.now().toISOString(), 10);
    await ctx.services.payments.closeStaleCodeHolds(10);
    const row = await ctx.db.selectFrom('discount_codes').select('uses').where('id', '=', code._id).executeTakeFirstOrThrow();
    expect(Number(row.uses)).toBe(0);
    expect((await priceCart(ctx, await createUser(ctx), [singleLine(runner._id)], 'ONCE')).code?.applied).toBe(true);
  });

  it('keeps the use of a checkout paid at the provider while housekeeping closes stale holds and the buyer records it', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, buyer, runner } = await shop(ctx);
    const code = await codeOf(ctx, seller, { code: 'LATE', maxRedemptions: 1 });
    const { clientSecret, paymentIntentId } = await openWithCode(ctx, buyer, [singleLine(runner._id)], 'LATE');
    ctx.clock.advance((DISCOUNT_HOLD_MINUTES + 1) * 60_000);
    expect((await confirmCard(ctx, buyer, clientSecret)).statusCode).toBe(200);

    const [closed, recorded] = await Promise.all([
      ctx.services.payments.closeStaleCodeHolds(10),
      postPurchaseDetail(ctx, buyer, paymentIntentId),
      ctx.services.housekeeping.runOnce(),
    ]);

    expect(closed).toBe(0);
    expect(recorded.statusCode).toBe(201);
    expect(await codeRow(ctx, code._id)).toEqual({ uses: 1, held: 0, paid: 1, released: 0 });
    expect((await intentWithCode(ctx, await createUser(ctx), [singleLine(runner._id)], 'LATE')).json()).toMatchObject({
      message: DISCOUNT_MESSAGES.usedUp,
    });
  });

  it('lets one buyer hold a one-per-buyer code once, from two tabs on two instances at once', async () => {
    const [first, second] = await buildTwoCatalogueApps();
    const { admin, seller, buyer, runner } = await shop(first);
    const puzzle = await createApprovedProduct(first, seller, admin, { singleAppLicense: '10', multiAppLicense: '20' });
    const code = await codeOf(first, seller, { code: 'WELCOME', onePerBuyer: true });

    const answers = await Promise.all(
      [first, second, first, second].map((ctx, index) =>
        intentWithCode(ctx, buyer, [singleLine(index % 2 ? puzzle._id : runner._id)], 'WELCOME'),
      ),
    );

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400]);
    expect(await codeRow(first, code._id)).toMatchObject({ uses: 1, held: 1 });
  });

  it('refuses a limit below the uses already held or paid, and counts a buyer’s use made before the code became one-per-buyer', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, buyer, runner } = await shop(ctx);
    const code = await codeOf(ctx, seller, { code: 'EARLY' });
    const first = await openWithCode(ctx, buyer, [singleLine(runner._id)], 'EARLY');
    expect((await confirmCard(ctx, buyer, first.clientSecret)).statusCode).toBe(200);
    expect((await postPurchaseDetail(ctx, buyer, first.paymentIntentId)).statusCode).toBe(201);
    const other = await createUser(ctx);
    await openWithCode(ctx, other, [singleLine(runner._id)], 'EARLY');

    const below = await editCode(ctx, seller, code._id, { code: 'EARLY', maxRedemptions: 1 });
    expect(below.statusCode).toBe(400);
    expect(below.json()).toMatchObject({ errors: [{ field: 'maxRedemptions' }] });
    const atUses = await editCode(ctx, seller, code._id, { code: 'EARLY', maxRedemptions: 2, onePerBuyer: true });
    expect(atUses.json()).toMatchObject({ state: 'used up', maxRedemptions: 2 });
    expect((await editCode(ctx, seller, code._id, { code: 'EARLY', onePerBuyer: true })).statusCode).toBe(200);

    // The buyer paid with it before it was one per buyer: that use counts.
    expect((await priceCart(ctx, buyer, [multiLine(runner._id)], 'EARLY')).code?.message).toBe(DISCOUNT_MESSAGES.alreadyUsed);
    expect((await intentWithCode(ctx, buyer, [multiLine(runner._id)], 'EARLY')).statusCode).toBe(400);
  });
});

describe("someone else's code", () => {
  it('cannot be changed or deleted by another seller, a buyer or a visitor; unknown ids, fields and products are refused', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, seller, otherSeller, buyer, runner, racer } = await shop(ctx);
    const code = await codeOf(ctx, seller, { code: 'GUARDED', productIds: [runner._id] });
    const unknownId = 'no-such-code-0000';
    const othersList = (await injectAs(ctx, otherSeller, { method: 'GET', url: '/api/discount' })).json() as Discount[];
    expect(othersList).toEqual([]);

    for (const user of [otherSeller, buyer]) {
      expect((await editCode(ctx, user, code._id, { code: 'GUARDED', amount: 100 })).statusCode).toBe(403);
      expect((await injectAs(ctx, user, { method: 'DELETE', url: `/api/discount/${code._id}` })).statusCode).toBe(403);
    }
    expect((await editCode(ctx, null, code._id, { code: 'GUARDED' })).statusCode).toBe(401);
    expect((await injectAs(ctx, null, { method: 'DELETE', url: `/api/discount/${code._id}` })).statusCode).toBe(401);
    expect(
      (
        await injectAs(ctx, null, {
          method: 'POST',
          url: '/api/cart/price',
          payload: { products: [singleLine(runner._id)], code: 'GUARDED' },
        })
      ).statusCode,
    ).toBe(401);
    expect((await editCode(ctx, seller, unknownId, { code: 'GUARDED' })).statusCode).toBe(404);
    expect((await injectAs(ctx, seller, { method: 'DELETE', url: `/api/discount/${unknownId}` })).statusCode).toBe(404);

    const refusals: Array<Record<string, unknown>> = [
      { code: 'GUARDED', productIds: [racer._id] },
      { code: 'GUARDED', productIds: [unknownId] },
      { code: 'GUARDED', sellerId: otherSeller._id },
      { code: 'GUARDED', uses: 0 },
      { code: 'X'.repeat(33) },
      { code: 'İNDİRİM' },
      { code: ' GUARDED ', amount: Number.MAX_SAFE_INTEGER },
      { code: 'GUARDED', kind: 'fixed', amount: 100000.01 },
      { code: 'GUARDED', maxRedemptions: 0 },
      { code: 'GUARDED', minSubtotal: -1 },
    ];
    for (const body of refusals)
      expect({ body, status: (await editCode(ctx, seller, code._id, body)).statusCode }).toEqual({ body, status: 400 });
    // An admin may correct a misleading code, but only onto its seller's products.
    expect((await editCode(ctx, admin, code._id, { code: 'GUARDED', productIds: [racer._id] })).statusCode).toBe(400);
    expect((await editCode(ctx, admin, code._id, { code: 'GUARDED', amount: 10, productIds: [runner._id] })).statusCode).toBe(200);
    const [listed] = (await injectAs(ctx, seller, { method: 'GET', url: '/api/discount' })).json() as Discount[];
    expect(listed).toMatchObject({ _id: code._id, amount: 10, productIds: [runner._id] });
  });

  it('takes a minimum too small to write without an exponent as no minimum, where it once failed with a 500', async () => {
    const ctx = await buildCatalogueApp();
    const { seller } = await shop(ctx);

    const code = await codeOf(ctx, seller, { code: 'TINYMIN', minSubtotal: 5e-324 });

    expect(code.minSubtotal).toBe(0);
  });

  it('is matched by its exact letters only: case and spaces aside, look-alike letters are another code', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, buyer, runner } = await shop(ctx);
    await codeOf(ctx, seller, { code: 'FIRSTSALE' });
    const cart = [singleLine(runner._id)];

    expect((await priceCart(ctx, buyer, cart, '  firstSale  ')).code?.applied).toBe(true);
    // Dotless ı and ß upper-case to I and SS, the ligature ﬁ to FI: none of them is the seller's code.
    for (const typed of ['fırstsale', 'ﬁrstsale', 'FIRSTSALE\u200b', 'ＦＩＲＳＴＳＡＬＥ']) {
      const priced = await priceCart(ctx, buyer, cart, typed);
      expect({ typed, applied: priced.code?.applied ?? false, total: priced.total }).toEqual({ typed, applied: false, total: 40 });
      expect((await intentWithCode(ctx, buyer, cart, typed)).statusCode).toBe(400);
    }
    await codeOf(ctx, seller, { code: 'GROSSE' });
    expect((await priceCart(ctx, buyer, cart, 'große')).code?.applied ?? false).toBe(false);
  });
});

describe('guessing codes at the cart', () => {
  it('is limited per account: past 60 prices a minute the cart answers 429 while another account is still priced', async () => {
    const ctx = await buildCatalogueApp();
    const { seller, buyer, runner } = await shop(ctx);
    await codeOf(ctx, seller, { code: 'SECRET77' });
    const guess = (user: TestUser, code: string) =>
      injectAs(ctx, user, { method: 'POST', url: '/api/cart/price', payload: { products: [singleLine(runner._id)], code } });

    const answers = [];
    for (let attempt = 0; attempt < 60; attempt += 1) answers.push((await guess(buyer, `SECRET${attempt}`)).statusCode);
    expect(new Set(answers)).toEqual(new Set([200]));

    expect((await guess(buyer, 'SECRET77')).statusCode).toBe(429);
    expect((await guess(await createUser(ctx), 'SECRET77')).statusCode).toBe(200);
  });
});

describe('a refund of a discounted line', () => {
  it('gives back what the line paid, and the seller’s balance and statement agree', async () => {
    const ctx = await buildCatalogueApp();
    const { admin, seller, buyer, runner, racer } = await shop(ctx);
    await codeOf(ctx, seller, { code: 'REFUNDME', kind: 'fixed', amount: 12.34 });
    const { clientSecret, paymentIntentId, amount } = await openWithCode(
      ctx,
      buyer,
      [multiLine(runner._id), singleLine(racer._id)],
      'REFUNDME',
    );
    expect(amount).toBe(10000 - 1234 + 3000);
    expect((await confirmCard(ctx, buyer, clientSecret)).statusCode).toBe(200);
    const recorded = await postPurchaseDetail(ctx, buyer, paymentIntentId);
    const purchaseId = (recorded.json() as { purchase: { _id: string } }).purchase._id;

    const refunded = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/purchase/refund',
      payload: { purchaseId, productId: runner._id, reason: 'The archive does not build' },
    });

    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({ refunded: [{ productId: runner._id, amount: 87.66, refundedNow: true }] });
    const atProvider = await ctx.db
      .selectFrom('simulated_payment_intents')
      .select('amount_refunded_cents')
      .where('id', '=', paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(Number(atProvider.amount_refunded_cents)).toBe(8766);
    const earnings = (await injectAs(ctx, seller, { method: 'GET', url: '/api/user/earnings' })).json() as Earnings;
    const statement = (await injectAs(ctx, seller, { method: 'GET', url: '/api/user/statement' })).json() as Statement;
    expect(
      statement.entries.map(({ kind, listCents, discountCents, amountCents }) => ({ kind, listCents, discountCents, amountCents })),
    ).toEqual(
      expect.arrayContaining([
        { kind: 'sale', listCents: 10000, discountCents: 1234, amountCents: 8766 },
        expect.objectContaining({ kind: 'refund', amountCents: -8766 }),
      ]),
    );
    expect(statement.balanceCents).toBe(0);
    expect(earnings).toMatchObject({ totalEarnings: 0, availableBalance: 0, refunded: 87.66 });

    // The rest of the order: the provider has then given back exactly what it charged, never more.
    const rest = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/purchase/refund',
      payload: { purchaseId, reason: 'The whole order goes back' },
    });
    expect(rest.json()).toMatchObject({
      refunded: expect.arrayContaining([
        { productId: runner._id, amount: 87.66, refundedNow: false },
        { productId: racer._id, amount: 30, refundedNow: true },
      ]),
    });
    const total = await ctx.db
      .selectFrom('simulated_payment_intents')
      .select('amount_refunded_cents')
      .where('id', '=', paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(Number(total.amount_refunded_cents)).toBe(amount);
  });
});
