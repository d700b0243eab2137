import { describe, expect, it } from 'vitest';
import { confirmCard, GOOD_CARD, multiLine, openIntent, postPurchaseDetail, requestIntent, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, createApprovedProduct, createProduct } from '../../test/factories.js';
import { createUser, injectAs } from '../../test/helper.js';

async function shopWithTwoProducts() {
  const ctx = await buildCatalogueApp();
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const buyer = await createUser(ctx);
  const runner = await createApprovedProduct(ctx, seller, admin, { singleAppLicense: '49.99', multiAppLicense: '149', reskinPrice: '99' });
  const puzzle = await createApprovedProduct(ctx, seller, admin, {
    title: JSON.stringify({ en: 'Block Puzzle' }),
    singleAppLicense: '20.10',
    multiAppLicense: '35.5',
  });
  return { ctx, admin, seller, buyer, runner, puzzle };
}

describe('payment intents', () => {
  it('tells the checkout page that the embedded simulation takes the cards', async () => {
    const { ctx } = await shopWithTwoProducts();
    const response = await injectAs(ctx, null, { method: 'GET', url: '/api/payment/config' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ provider: 'simulated', publishableKey: null });
  });

  it('charges the sum of the chosen licence prices from the catalogue and never the reskin price', async () => {
    const { ctx, buyer, seller, runner, puzzle } = await shopWithTwoProducts();

    const intent = await openIntent(ctx, buyer, [singleLine(runner._id, 'true'), multiLine(puzzle._id)]);

    expect(intent.amount).toBe(4999 + 3550);
    expect(intent.clientSecret).toContain('_secret_');
    const stored = await ctx.services.orders.byIntent('simulated', intent.paymentIntentId);
    expect(stored).toMatchObject({
      buyerId: buyer._id,
      totalCents: 8549,
      currency: 'usd',
      provider: 'simulated',
      status: 'pending',
      paidAt: null,
    });
    // The reskin is a line of its own, quoted and not charged: the total is the licence lines' paid cents.
    const priced = { releaseId: null, discountCents: 0, platformDiscountCents: 0, taxCents: 0, licenceId: null };
    expect(stored!.lines.map(({ id: _id, ...line }) => line)).toEqual(
      expect.arrayContaining([
        {
          ...priced,
          kind: 'licence',
          productId: runner._id,
          licenseType: 'Single App License',
          sellerId: seller._id,
          listCents: 4999,
          paidCents: 4999,
        },
        {
          ...priced,
          kind: 'reskin',
          productId: runner._id,
          licenseType: 'Single App License',
          sellerId: seller._id,
          listCents: 9900,
          paidCents: 9900,
        },
        {
          ...priced,
          kind: 'licence',
          productId: puzzle._id,
          licenseType: 'Multi App License',
          sellerId: seller._id,
          listCents: 3550,
          paidCents: 3550,
        },
      ]),
    );
    expect(stored!.lines).toHaveLength(3);
  });

  it('accepts a client amount only when it equals the server total, and opens no intent otherwise', async () => {
    const { ctx, buyer, runner } = await shopWithTwoProducts();

    const tampered = await requestIntent(ctx, buyer, [multiLine(runner._id)], 100);
    const honest = await requestIntent(ctx, buyer, [multiLine(runner._id)], 14900);

    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toMatch(/amount does not match.*\$149\.00/);
    expect(honest.statusCode).toBe(200);
    expect(honest.json().amount).toBe(14900);
    expect(await ctx.services.orders.byIntent('simulated', honest.json().paymentIntentId)).not.toBeNull();
    expect(await ctx.services.orders.pendingOf(runner._id, null)).toHaveLength(1);
  });

  it('refuses a cart line whose product is unknown or not approved, naming it', async () => {
    const { ctx, seller, buyer, runner } = await shopWithTwoProducts();
    const pending = await createProduct(ctx, seller, { title: JSON.stringify({ en: 'Waiting Game' }) });

    const withPending = await requestIntent(ctx, buyer, [singleLine(runner._id), singleLine(pending._id)]);
    const withUnknown = await requestIntent(ctx, buyer, [singleLine('unknownproduct123')]);

    expect(withPending.statusCode).toBe(400);
    expect(withPending.json().message).toContain('"Waiting Game" is no longer for sale');
    expect(withUnknown.statusCode).toBe(400);
    expect(withUnknown.json().message).toContain('unknownproduct123');
  });

  it('refuses a seller buying their own product, and opens no intent', async () => {
    const { ctx, seller, runner, puzzle } = await shopWithTwoProducts();

    const response = await requestIntent(ctx, seller, [singleLine(runner._id), multiLine(puzzle._id)]);

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'You cannot buy your own product.' });
    expect(await ctx.services.orders.pendingOf(runner._id, null)).toHaveLength(0);
  });

  it('refuses an empty cart, a product twice and a currency other than usd', async () => {
    const { ctx, buyer, runner } = await shopWithTwoProducts();

    const empty = await requestIntent(ctx, buyer, []);
    const twice = await requestIntent(ctx, buyer, [singleLine(runner._id), multiLine(runner._id)]);
    const euros = await injectAs(ctx, buyer, {
      method: 'POST',
      url: '/api/payment/create-payment-intent',
      payload: { products: [singleLine(runner._id)], currency: 'eur' },
    });

    expect([empty.statusCode, twice.statusCode, euros.statusCode]).toEqual([400, 400, 400]);
    expect(twice.json().message).toBe('A product appears twice in the cart');
  });

  it('answers 401 to a visitor on every commerce call', async () => {
    const { ctx, buyer, runner } = await shopWithTwoProducts();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);

    const calls = [
      requestIntent(ctx, null, [singleLine(runner._id)]),
      confirmCard(ctx, null, intent.clientSecret),
      postPurchaseDetail(ctx, null, intent.paymentIntentId),
      injectAs(ctx, null, { method: 'GET', url: '/api/purchase/allPurchases' }),
      injectAs(ctx, null, {
        method: 'PUT',
        url: '/api/purchase/updateDownload',
        payload: { purchaseId: 'somepurchase1', productId: runner._id },
      }),
      injectAs(ctx, null, { method: 'GET', url: `/api/purchase/download/somepurchase1/${runner._id}` }),
    ];

    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(401);
  });
});

describe('the simulated card provider', () => {
  it('takes 4242 4242 4242 4242 with a future expiry and any CVC', async () => {
    const { ctx, buyer, runner } = await shopWithTwoProducts();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);

    const response = await confirmCard(ctx, buyer, intent.clientSecret, { cvc: '9876' });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'succeeded', id: intent.paymentIntentId });
  });

  it("declines 4000 0000 0000 0002 with the provider's message and leaves the intent unpaid", async () => {
    const { ctx, buyer, runner } = await shopWithTwoProducts();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);

    const response = await confirmCard(ctx, buyer, intent.clientSecret, { number: '4000 0000 0000 0002' });
    const record = await postPurchaseDetail(ctx, buyer, intent.paymentIntentId, { paymentStatus: 'succeeded', amountPaid: 49.99 });

    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ message: 'Your card was declined.' });
    expect(record.statusCode).toBe(402);
    expect(await ctx.services.orders.sold()).toHaveLength(0);
  });

  it('points at the expiry when it has passed and at the number when it fails the Luhn check', async () => {
    const { ctx, buyer, runner } = await shopWithTwoProducts();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    // The test clock stands in January 2026.
    const expired = await confirmCard(ctx, buyer, intent.clientSecret, { expMonth: 12, expYear: 2025 });
    const badNumber = await confirmCard(ctx, buyer, intent.clientSecret, { number: '4242 4242 4242 4241' });
    const badCvc = await confirmCard(ctx, buyer, intent.clientSecret, { cvc: '1' });

    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ field: 'expiry', message: "Your card's expiration date is in the past." });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json()).toEqual({ field: 'number', message: 'Your card number is invalid.' });
    expect(badCvc.json().field).toBe('cvc');
  });

  it('points at the expiry when its month or year is not a number', async () => {
    const { ctx, buyer, runner } = await shopWithTwoProducts();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);
    const pay = (expMonth: unknown, expYear: unknown) =>
      injectAs(ctx, buyer, {
        method: 'POST',
        url: '/api/payment/simulated/confirm',
        payload: { ...GOOD_CARD, clientSecret: intent.clientSecret, expMonth, expYear },
      });

    const answers = [await pay('ab', 2031), await pay(12, 'twenty'), await pay('', ''), await pay('12', '31')];

    for (const bad of answers.slice(0, 3)) {
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({ field: 'expiry', message: "Your card's expiration date is invalid." });
    }
    expect(answers[3]!.statusCode).toBe(200);
  });

  it("lets nobody but the intent's owner pay it", async () => {
    const { ctx, buyer, runner } = await shopWithTwoProducts();
    const stranger = await createUser(ctx);
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id)]);

    const byStranger = await confirmCard(ctx, stranger, intent.clientSecret);
    const unknown = await confirmCard(ctx, buyer, `${intent.clientSecret}x`);

    expect(byStranger.statusCode).toBe(403);
    expect(unknown.statusCode).toBe(404);
  });
});
