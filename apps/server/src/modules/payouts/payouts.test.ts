import type { NotificationPage, PayoutHold, PayoutStatus } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buildCatalogueApp, createApprovedProduct, type CatalogueContext } from '../../test/factories.js';
import { FAKE_STRIPE_PUBLISHABLE_KEY, FAKE_STRIPE_SECRET_KEY } from '../../test/fake-stripe.js';
import { createUser, injectAs, type TestUser } from '../../test/helper.js';
import { refundsWithProvider } from '../../test/refunds.js';
import { recordPurchase } from '../../test/sales.js';

const HOLD = { reasonCode: 'identity_check', needed: 'Upload a photo of your passport.', reviewBy: '2026-02-01' } as const;

const placeHold = (ctx: CatalogueContext, user: TestUser | null, payload: Record<string, unknown>) =>
  injectAs(ctx, user, { method: 'POST', url: '/api/payout/holds', payload });
const releaseHold = (ctx: CatalogueContext, user: TestUser | null, id: string, payload?: Record<string, unknown>) =>
  injectAs(ctx, user, { method: 'DELETE', url: `/api/payout/holds/${id}`, ...(payload ? { payload } : {}) });
const holdsOf = async (ctx: CatalogueContext, admin: TestUser, sellerId: string) =>
  (await injectAs(ctx, admin, { method: 'GET', url: `/api/payout/holds?sellerId=${sellerId}` })).json() as PayoutHold[];
const statusOf = async (ctx: CatalogueContext, user: TestUser) =>
  (await injectAs(ctx, user, { method: 'GET', url: '/api/payout/status' })).json() as PayoutStatus;
const withdraw = (ctx: CatalogueContext, user: TestUser, withdrawAmount: number) =>
  injectAs(ctx, user, { method: 'POST', url: '/api/withdraw/withdrawDetil', payload: { email: 'payout@example.com', withdrawAmount } });
const mailsTo = (ctx: CatalogueContext, email: string) =>
  ctx.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', email).orderBy('created_at').execute();
const payoutNotices = async (ctx: CatalogueContext, user: TestUser) =>
  ((await injectAs(ctx, user, { method: 'GET', url: '/api/notification/mine' })).json() as NotificationPage).notifications.filter(
    (notice) => notice.kind === 'payout',
  );

/** A seller with one $50 sale, the admin and another signed-in user. */
async function sellerWithSale(env: Record<string, string> = {}) {
  const ctx = await buildCatalogueApp(env);
  const admin = await createUser(ctx, { role: 'Admin', name: 'Ada Admin' });
  const seller = await createUser(ctx, { name: 'Pixel Forge' });
  const buyer = await createUser(ctx);
  const product = await createApprovedProduct(ctx, seller, admin);
  await recordPurchase(ctx, buyer._id, [{ productId: product._id, priceCents: 5000 }]);
  return { ctx, admin, seller, buyer, product };
}

describe('payout holds placed by an admin', () => {
  it('holds the seller: the seller sees it in their status, a withdrawal is refused with its reason and date, and is mailed', async () => {
    const { ctx, admin, seller } = await sellerWithSale();

    const placed = await placeHold(ctx, admin, { sellerId: seller._id, ...HOLD });

    expect(placed.statusCode).toBe(201);
    const hold = placed.json() as PayoutHold;
    expect(hold).toMatchObject({
      sellerId: seller._id,
      reasonCode: 'identity_check',
      reason: 'Identity check',
      needed: HOLD.needed,
      reviewBy: '2026-02-01',
      heldBy: { _id: admin._id, name: 'Ada Admin' },
      releasedAt: null,
      releasedBy: null,
    });
    expect(await statusOf(ctx, seller)).toEqual({
      mode: 'manual',
      availableCents: 5000,
      holds: [
        {
          _id: hold._id,
          reasonCode: 'identity_check',
          reason: 'Identity check',
          needed: HOLD.needed,
          reviewBy: '2026-02-01',
          createdAt: hold.createdAt,
        },
      ],
      maturingCents: 0,
      maturing: [],
      account: null,
    });
    const refused = await withdraw(ctx, seller, 20);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Your payouts are on hold (Identity check) until 2026-02-01: Upload a photo of your passport.');
    expect(await ctx.db.selectFrom('withdrawals').selectAll().execute()).toEqual([]);
    expect((await mailsTo(ctx, seller.email)).map((mail) => mail.subject)).toEqual(['Your payouts are on hold: Identity check']);
    expect((await mailsTo(ctx, seller.email))[0]!.text_body).toContain(HOLD.needed);
    expect((await payoutNotices(ctx, seller)).map((notice) => notice.title)).toEqual(['Your payouts are on hold: Identity check']);
  });

  it('lets the withdrawal through once released, and keeps the hold and its release as history, newest first', async () => {
    const { ctx, admin, seller } = await sellerWithSale();
    const first = (await placeHold(ctx, admin, { sellerId: seller._id, ...HOLD })).json() as PayoutHold;
    ctx.clock.advance(60_000);

    const released = await releaseHold(ctx, admin, first._id, { note: 'Passport checked' });

    expect(released.statusCode).toBe(200);
    expect(released.json()).toMatchObject({
      _id: first._id,
      releasedAt: ctx.clock.now().toISOString(),
      releasedBy: { _id: admin._id, name: 'Ada Admin' },
      releaseNote: 'Passport checked',
    });
    expect((await statusOf(ctx, seller)).holds).toEqual([]);
    expect((await withdraw(ctx, seller, 20)).statusCode).toBe(201);
    ctx.clock.advance(60_000);
    const second = (
      await placeHold(ctx, admin, { sellerId: seller._id, reasonCode: 'other', needed: 'Call us', reviewBy: '2026-03-01' })
    ).json();
    const history = await holdsOf(ctx, admin, seller._id);
    expect(history.map((hold) => [hold._id, hold.releasedAt !== null])).toEqual([
      [second._id, false],
      [first._id, true],
    ]);
    expect((await mailsTo(ctx, seller.email)).map((mail) => mail.subject)).toEqual([
      'Your payouts are on hold: Identity check',
      'The hold on your payouts was released',
      'Your payouts are on hold: Other',
    ]);
    expect((await mailsTo(ctx, seller.email))[1]!.text_body).toContain('Note: Passport checked');
  });

  it('answers 409 to a second release and 404 to an unknown hold, and a release needs no note', async () => {
    const { ctx, admin, seller } = await sellerWithSale();
    const hold = (await placeHold(ctx, admin, { sellerId: seller._id, ...HOLD })).json() as PayoutHold;

    expect((await releaseHold(ctx, admin, hold._id)).statusCode).toBe(200);
    const again = await releaseHold(ctx, admin, hold._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This hold has already been released');
    expect((await releaseHold(ctx, admin, 'no-such-hold-id')).statusCode).toBe(404);
    expect(await ctx.db.selectFrom('payout_holds').select(['id', 'release_note']).execute()).toEqual([
      { id: hold._id, release_note: null },
    ]);
  });

  it('refuses a non-admin with 403 and a visitor with 401, on every hold call', async () => {
    const { ctx, admin, seller, buyer } = await sellerWithSale();
    const hold = (await placeHold(ctx, admin, { sellerId: seller._id, ...HOLD })).json() as PayoutHold;

    for (const user of [seller, buyer, null]) {
      const status = user ? 403 : 401;
      expect((await placeHold(ctx, user, { sellerId: seller._id, ...HOLD })).statusCode).toBe(status);
      expect((await releaseHold(ctx, user, hold._id)).statusCode).toBe(status);
      expect((await injectAs(ctx, user, { method: 'GET', url: `/api/payout/holds?sellerId=${seller._id}` })).statusCode).toBe(status);
    }
    expect((await injectAs(ctx, null, { method: 'GET', url: '/api/payout/status' })).statusCode).toBe(401);
    expect(await ctx.db.selectFrom('payout_holds').select('released_at').execute()).toEqual([{ released_at: null }]);
  });

  it('refuses bad input with 400 naming the field, and an unknown seller with 404', async () => {
    const { ctx, admin, seller } = await sellerWithSale();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...HOLD, reviewBy: '2026-01-15' }, 'reviewBy'],
      [{ ...HOLD, reviewBy: '2025-12-31' }, 'reviewBy'],
      [{ ...HOLD, reviewBy: '2026-02-30' }, 'reviewBy'],
      [{ ...HOLD, needed: '   ' }, 'needed'],
      [{ ...HOLD, needed: 'x'.repeat(501) }, 'needed'],
      [{ ...HOLD, reasonCode: 'vibes' }, 'reasonCode'],
      [{ ...HOLD, heldBy: seller._id }, 'heldBy'],
    ];
    for (const [body, field] of cases) {
      const response = await placeHold(ctx, admin, { sellerId: seller._id, ...body });
      expect({ body, status: response.statusCode }).toEqual({ body, status: 400 });
      expect({ body, fields: response.json().errors.map((error: { field: string }) => error.field) }).toEqual({
        body,
        fields: expect.arrayContaining([field]),
      });
    }
    expect((await placeHold(ctx, admin, { sellerId: 'unknown-seller-id', ...HOLD })).statusCode).toBe(404);
    expect((await placeHold(ctx, admin, { sellerId: seller._id, ...HOLD, needed: 'x'.repeat(500) })).statusCode).toBe(201);
  });

  it('shows a seller only their own holds in their status', async () => {
    const { ctx, admin, seller, buyer } = await sellerWithSale();
    await placeHold(ctx, admin, { sellerId: seller._id, ...HOLD });

    expect(await statusOf(ctx, buyer)).toEqual({
      mode: 'manual',
      availableCents: 0,
      maturingCents: 0,
      maturing: [],
      holds: [],
      account: null,
    });
    expect((await withdraw(ctx, buyer, 1)).statusCode).toBe(400);
  });

  it('holds payouts the same way in connect mode, where the status names the mode', async () => {
    const { ctx, admin, seller } = await sellerWithSale({
      PAYOUT_MODE: 'connect',
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: FAKE_STRIPE_PUBLISHABLE_KEY,
    });
    await placeHold(ctx, admin, { sellerId: seller._id, ...HOLD, reasonCode: 'terms_review', needed: 'Answer our mail' });

    expect(await statusOf(ctx, seller)).toMatchObject({ mode: 'connect', availableCents: 5000, account: null });
    const refused = await withdraw(ctx, seller, 20);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Your payouts are on hold (Terms of service review) until 2026-02-01: Answer our mail');
  });
});

/** A seller whose product sold `count` times, one buyer per sale, and a refunds service whose provider always refunds. */
async function sellerWithSales(count: number) {
  const ctx = await buildCatalogueApp();
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx, { name: 'Pixel Forge' });
  const product = await createApprovedProduct(ctx, seller, admin);
  const purchases: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const buyer = await createUser(ctx);
    purchases.push(await recordPurchase(ctx, buyer._id, [{ productId: product._id, priceCents: 1000 }]));
  }
  let refundNumber = 0;
  const refunds = refundsWithProvider(ctx, {
    refund: () => Promise.resolve({ id: `re_test_${(refundNumber += 1)}` }),
    refundedCentsOf: () => Promise.resolve(null),
    refundsAtProvider: () => Promise.resolve([]),
  });
  const refund = (purchaseId: string) =>
    refunds.refund(admin, { purchaseId, productId: product._id, reason: 'The archive does not build' });
  return { ctx, admin, seller, purchases, refund };
}

describe('the refund-rate rule', () => {
  it('holds the payouts once the refunded share of five or more sales passes HOLD_REFUND_RATE, once while it is open', async () => {
    const { ctx, admin, seller, purchases, refund } = await sellerWithSales(5);

    await refund(purchases[0]!);
    expect((await statusOf(ctx, seller)).holds).toEqual([]);
    await refund(purchases[1]!);

    const [hold] = (await statusOf(ctx, seller)).holds;
    expect(hold).toMatchObject({ reasonCode: 'refund_rate', reason: 'High refund rate', reviewBy: '2026-01-22' });
    expect(hold!.needed).toContain('40% of your sales (2 of 5)');
    expect((await holdsOf(ctx, admin, seller._id))[0]!.heldBy).toBeNull();
    await refund(purchases[2]!);
    expect(await holdsOf(ctx, admin, seller._id)).toHaveLength(1);
    expect((await withdraw(ctx, seller, 1)).json().message).toMatch(
      /^Your payouts are on hold \(High refund rate\) until 2026-01-22: 40% of your sales \(2 of 5\)/,
    );
    expect((await mailsTo(ctx, seller.email)).map((mail) => mail.subject)).toEqual(['Your payouts are on hold: High refund rate']);
  });

  it('waits for five sales: refunding the first sale holds nothing', async () => {
    const { ctx, seller, purchases, refund } = await sellerWithSales(4);

    await refund(purchases[0]!);
    await refund(purchases[1]!);

    expect((await statusOf(ctx, seller)).holds).toEqual([]);
  });

  it('holds again after an admin released the first hold and the share is still above the rate', async () => {
    const { ctx, admin, seller, purchases, refund } = await sellerWithSales(5);
    await refund(purchases[0]!);
    await refund(purchases[1]!);
    const [first] = await holdsOf(ctx, admin, seller._id);
    expect((await releaseHold(ctx, admin, first!._id)).statusCode).toBe(200);
    ctx.clock.advance(60_000);

    await refund(purchases[2]!);

    const history = await holdsOf(ctx, admin, seller._id);
    expect(history.map((hold) => [hold.reasonCode, hold.releasedAt === null])).toEqual([
      ['refund_rate', true],
      ['refund_rate', false],
    ]);
  });
});
