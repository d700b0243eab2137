import {
  LICENCE_NOT_FOUND_MESSAGE,
  LICENCE_REVOKED_MESSAGE,
  singleAppTakenMessage,
  UPGRADE_MESSAGES,
  type CreatedToken,
  type CreatePaymentIntentResponse,
  type Licence,
  type Purchase,
} from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buyWithCard, confirmCard, multiLine, postPurchaseDetail, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, createApprovedProduct, type CatalogueContext } from '../../test/factories.js';
import { createUser, injectAs, type TestUser } from '../../test/helper.js';

/** Single App License $40, Multi $100: an upgrade lists at $60. */
async function shop() {
  const ctx = await buildCatalogueApp();
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx, { name: 'Pixel Forge' });
  const buyer = await createUser(ctx, { name: 'Jamie Buyer' });
  const stranger = await createUser(ctx, { name: 'Sam Stranger' });
  const runner = await createApprovedProduct(ctx, seller, admin, {
    title: JSON.stringify({ en: 'Space Runner' }),
    singleAppLicense: '40',
    multiAppLicense: '100',
  });
  return { ctx, admin, seller, buyer, stranger, runner };
}

type Shop = Awaited<ReturnType<typeof shop>>;

async function licenceOf(ctx: CatalogueContext, user: TestUser, code: string): Promise<Licence> {
  const response = await injectAs(ctx, user, { method: 'GET', url: `/api/licence/${code}` });
  expect(response.statusCode).toBe(200);
  return response.json() as Licence;
}

const upgrade = (ctx: CatalogueContext, user: TestUser | null, code: string, amount?: number) =>
  injectAs(ctx, user, {
    method: 'POST',
    url: `/api/licence/${code}/upgrade`,
    payload: { currency: 'usd', ...(amount === undefined ? {} : { amount }) },
  });

const registerApp = (ctx: CatalogueContext, user: TestUser, code: string, n: number) =>
  injectAs(ctx, user, {
    method: 'POST',
    url: `/api/licence/${code}/apps`,
    payload: { appName: `Runner ${n}`, bundleId: `com.jamie.runner${n}` },
  });

const earningsOf = async (ctx: CatalogueContext, seller: TestUser) =>
  ((await injectAs(ctx, seller, { method: 'GET', url: '/api/user/earnings' })).json() as { totalEarnings: number }).totalEarnings;

const providerAmountOf = async (ctx: CatalogueContext, intentId: string) =>
  Number(
    (await ctx.db.selectFrom('simulated_payment_intents').select('amount_cents').where('id', '=', intentId).executeTakeFirstOrThrow())
      .amount_cents,
  );

/** The buyer's Single App License of the runner, with one app registered to it. */
async function singleWithApp({ ctx, buyer, runner }: Shop): Promise<string> {
  const purchase = await buyWithCard(ctx, buyer, [singleLine(runner._id)]);
  const code = purchase.products[0]!.purchaseCode;
  expect((await registerApp(ctx, buyer, code, 1)).statusCode).toBe(201);
  return code;
}

/** Opens the upgrade's checkout, pays it with the simulated card and records it, as the checkout page does. */
async function payUpgrade(ctx: CatalogueContext, buyer: TestUser, code: string, amount?: number) {
  const opened = await upgrade(ctx, buyer, code, amount);
  expect(opened.statusCode).toBe(200);
  const intent = opened.json() as CreatePaymentIntentResponse;
  expect((await confirmCard(ctx, buyer, intent.clientSecret)).statusCode).toBe(200);
  const recorded = await postPurchaseDetail(ctx, buyer, intent.paymentIntentId);
  expect(recorded.statusCode).toBe(201);
  return { intent, purchase: (recorded.json() as { purchase: Purchase }).purchase };
}

describe('upgrading a Single App License to Multi', () => {
  it('charges the difference, keeps the code and its app, then takes a second and third app; the ledger holds', async () => {
    const shopped = await shop();
    const { ctx, buyer, seller, runner } = shopped;
    const code = await singleWithApp(shopped);
    expect((await licenceOf(ctx, buyer, code)).upgrade).toEqual({ listPrice: 60, price: 60 });

    const { intent, purchase } = await payUpgrade(ctx, buyer, code, 6000);

    expect(intent.amount).toBe(6000);
    expect(await providerAmountOf(ctx, intent.paymentIntentId)).toBe(6000);
    const order = await ctx.services.orders.byIntent('simulated', intent.paymentIntentId);
    expect(order).toMatchObject({ status: 'paid', totalCents: 6000 });
    expect(order!.lines).toEqual([
      expect.objectContaining({
        kind: 'upgrade',
        productId: runner._id,
        licenseType: 'Multi App License',
        listCents: 6000,
        paidCents: 6000,
      }),
    ]);
    const licence = await licenceOf(ctx, buyer, code);
    expect(licence).toMatchObject({ purchaseCode: code, licenseType: 'Multi App License', status: 'Active', upgrade: null });
    expect(licence.registeredApps.map((app) => app.appName)).toEqual(['Runner 1']);
    expect(purchase.products).toEqual([
      expect.objectContaining({ productId: runner._id, licenseType: 'Multi App License', price: 60, purchaseCode: code, upgrade: true }),
    ]);
    expect((await registerApp(ctx, buyer, code, 2)).statusCode).toBe(201);
    expect((await registerApp(ctx, buyer, code, 3)).statusCode).toBe(201);
    expect((await licenceOf(ctx, buyer, code)).registeredApps).toHaveLength(3);

    // The seller's server reads the new type, and the seller earned both sales.
    const token = (
      (
        await injectAs(ctx, seller, {
          method: 'POST',
          url: '/api/licence/tokens',
          payload: { name: 'Game server', scopes: ['licences:read'] },
        })
      ).json() as CreatedToken
    ).token;
    const verified = await ctx.app.inject({
      method: 'GET',
      url: `/api/licence/verify?code=${code}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(verified.json()).toMatchObject({ valid: true, licenseType: 'Multi App License' });
    expect(await earningsOf(ctx, seller)).toBe(100);
    expect(await ctx.services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });
    const receipt = await ctx.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('subject', '=', 'Your receipt: $60.00 at Source Code Marketplace')
      .executeTakeFirstOrThrow();
    expect(receipt.text_body).toContain('Space Runner (upgrade from Single App License)');
    expect(receipt.text_body).toContain(code);
  });

  it('charges the difference of the sale prices while a sale runs, and refuses an amount that differs', async () => {
    const shopped = await shop();
    const { ctx, buyer, seller, runner } = shopped;
    const code = await singleWithApp(shopped);
    const sale = await injectAs(ctx, seller, {
      method: 'POST',
      url: '/api/sale',
      payload: {
        productIds: [runner._id],
        percent: 25,
        startsAt: ctx.clock.now().toISOString(),
        endsAt: new Date(ctx.clock.now().getTime() + 7 * 86_400_000).toISOString(),
      },
    });
    expect(sale.statusCode).toBe(201);
    expect((await licenceOf(ctx, buyer, code)).upgrade).toEqual({ listPrice: 60, price: 45 });

    const tampered = await upgrade(ctx, buyer, code, 100);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().message).toMatch(/amount does not match.*\$45\.00/);
    const { intent } = await payUpgrade(ctx, buyer, code, 4500);

    expect(await providerAmountOf(ctx, intent.paymentIntentId)).toBe(4500);
    const order = await ctx.services.orders.byIntent('simulated', intent.paymentIntentId);
    expect(order!.lines[0]).toMatchObject({ listCents: 6000, discountCents: 1500, paidCents: 4500 });
    // The Single was bought at $40 before the sale.
    expect(await earningsOf(ctx, seller)).toBe(40 + 45);
  });

  it('is undone by a refund of the upgrade: Single again, same code, not revoked, apps kept, new ones refused', async () => {
    const shopped = await shop();
    const { ctx, admin, buyer, seller, runner } = shopped;
    const code = await singleWithApp(shopped);
    const { purchase } = await payUpgrade(ctx, buyer, code);
    ctx.clock.advance(60_000);
    await registerApp(ctx, buyer, code, 2);
    const asked = await injectAs(ctx, buyer, {
      method: 'POST',
      url: '/api/purchase/refundRequest',
      payload: { purchaseId: purchase._id, productId: runner._id, reason: 'I only ever ship the one game after all.' },
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ licenseType: 'Multi App License', price: 60, status: 'Pending' });

    const refunded = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/purchase/refund',
      payload: { purchaseId: purchase._id, productId: runner._id, reason: 'Bought the upgrade by mistake' },
    });

    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toEqual({
      message: 'Refunded $60.00; the licence is a Single App License again.',
      refunded: [{ productId: runner._id, amount: 60, refundedNow: true }],
    });
    const licence = await licenceOf(ctx, buyer, code);
    expect(licence).toMatchObject({ purchaseCode: code, licenseType: 'Single App License', status: 'Active' });
    expect(licence.registeredApps.map((app) => app.appName)).toEqual(['Runner 1', 'Runner 2']);
    const third = await registerApp(ctx, buyer, code, 3);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(singleAppTakenMessage('Runner 1'));
    expect(await earningsOf(ctx, seller)).toBe(40);
    expect((await ctx.services.orders.byId(purchase._id))!.status).toBe('refunded');
    const requests = (await injectAs(ctx, admin, { method: 'GET', url: '/api/purchase/refundRequests' })).json() as Array<{
      status: string;
    }>;
    expect(requests.map((request) => request.status)).toEqual(['Refunded']);
    expect(await ctx.services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });
    // The licence bought first was not touched: it downloads and verifies as before, and may be upgraded again.
    expect(licence.upgrade).toEqual({ listPrice: 60, price: 60 });
    expect((await upgrade(ctx, buyer, code)).statusCode).toBe(200);
  });
});

describe('upgrade refusals', () => {
  it("answers another buyer's code as unknown, a revoked licence 403, a Multi one 409 and a visitor 401", async () => {
    const shopped = await shop();
    const { ctx, admin, buyer, stranger, runner } = shopped;
    const code = await singleWithApp(shopped);
    const multi = (await buyWithCard(ctx, buyer, [multiLine(runner._id)])).products[0]!.purchaseCode;

    const byStranger = await upgrade(ctx, stranger, code);
    const byVisitor = await upgrade(ctx, null, code);
    const ofMulti = await upgrade(ctx, buyer, multi);
    await injectAs(ctx, admin, { method: 'PUT', url: `/api/licence/${code}/revoke`, payload: { reason: 'Chargeback' } });
    const ofRevoked = await upgrade(ctx, buyer, code);

    expect([byStranger.statusCode, byStranger.json().message]).toEqual([404, LICENCE_NOT_FOUND_MESSAGE]);
    expect(byVisitor.statusCode).toBe(401);
    expect([ofMulti.statusCode, ofMulti.json().message]).toEqual([409, UPGRADE_MESSAGES.alreadyMulti]);
    expect([ofRevoked.statusCode, ofRevoked.json().message]).toEqual([403, LICENCE_REVOKED_MESSAGE]);
    expect((await licenceOf(ctx, buyer, multi)).upgrade).toBeNull();
    expect(await ctx.db.selectFrom('order_lines').select('id').where('kind', '=', 'upgrade').execute()).toEqual([]);
  });

  it('refuses a product no longer for sale', async () => {
    const shopped = await shop();
    const { ctx, buyer, runner } = shopped;
    const code = await singleWithApp(shopped);
    // Taken down by moderation: no longer Approved.
    await ctx.db.updateTable('products').set({ status: 'ChangesRequested' }).where('id', '=', runner._id).execute();

    const refused = await upgrade(ctx, buyer, code);

    expect([refused.statusCode, refused.json().message]).toEqual([409, UPGRADE_MESSAGES.notForSale]);
    expect((await licenceOf(ctx, buyer, code)).upgrade).toBeNull();
  });

  it('closes a checkout left open when another starts, and refuses one while an upgrade is paid and not yet recorded', async () => {
    const shopped = await shop();
    const { ctx, buyer } = shopped;
    const code = await singleWithApp(shopped);

    const left = (await upgrade(ctx, buyer, code)).json() as CreatePaymentIntentResponse;
    const second = (await upgrade(ctx, buyer, code)).json() as CreatePaymentIntentResponse;
    // The first window's card can no longer be charged.
    expect((await confirmCard(ctx, buyer, left.clientSecret)).statusCode).not.toBe(200);
    expect((await ctx.services.orders.byIntent('simulated', left.paymentIntentId))!.status).toBe('canceled');

    expect((await confirmCard(ctx, buyer, second.clientSecret)).statusCode).toBe(200);
    const whilePaid = await upgrade(ctx, buyer, code);
    expect([whilePaid.statusCode, whilePaid.json().message]).toEqual([409, UPGRADE_MESSAGES.alreadyPaid]);
    expect((await postPurchaseDetail(ctx, buyer, second.paymentIntentId)).statusCode).toBe(201);
    const afterwards = await upgrade(ctx, buyer, code);
    expect([afterwards.statusCode, afterwards.json().message]).toEqual([409, UPGRADE_MESSAGES.alreadyMulti]);
  });

  it('leaves one open checkout of an upgrade however many start at once', async () => {
    const shopped = await shop();
    const { ctx, buyer } = shopped;
    const code = await singleWithApp(shopped);

    const answers = await Promise.all([1, 2, 3].map(() => upgrade(ctx, buyer, code)));

    expect(answers.some((answer) => answer.statusCode === 200)).toBe(true);
    for (const answer of answers.filter((candidate) => candidate.statusCode !== 200)) {
      expect([answer.statusCode, answer.json().message]).toEqual([409, UPGRADE_MESSAGES.checkoutOpen]);
    }
    const licence = await ctx.db.selectFrom('licences').select('id').where('purchase_code', '=', code).executeTakeFirstOrThrow();
    expect(await ctx.services.orders.pendingUpgradesOf(licence.id)).toHaveLength(1);
  });
});
