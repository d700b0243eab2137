import { PAYOUTS_NOT_ENABLED_MESSAGE, type PayoutAccount } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.js';
import { buildTestApp, buildTwoTestApps, createUser, injectAs, type TestContext, type TestUser } from '../../test/helper.js';
import { accountStateOf } from './index.js';
import { PayoutAccountsRepository } from './payout-accounts.repository.js';

const PUBLIC_URL = 'https://market.example';

/**
 * The app in connect mode with the real `stripe` client against the fake Stripe, listening, so the
 * fake posts its signed webhooks to /api/payment/webhook as Stripe would (dated by the test's clock).
 */
async function connectShop(env: Record<string, string> = {}, fakeOptions: { connectWebhookSecret?: string } = {}) {
  const stripe = await startFakeStripe(fakeOptions);
  const ctx = await buildTestApp({ ...stripe.env(), PAYOUT_MODE: 'connect', PUBLIC_URL, ...env });
  const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  stripe.fake.useClock(() => ctx.clock.now());
  stripe.fake.webhook.url = `${address}/api/payment/webhook`;
  const seller = await createUser(ctx);
  return { ctx, stripe, seller };
}

const startOnboarding = (ctx: TestContext, user: TestUser | null) => injectAs(ctx, user, { method: 'POST', url: '/api/payout/account' });

async function accountOf(ctx: TestContext, user: TestUser, refresh = false): Promise<PayoutAccount> {
  const response = await injectAs(ctx, user, { method: 'GET', url: `/api/payout/account${refresh ? '?refresh=true' : ''}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** The seller's Stripe account id, as stored. */
async function stripeAccountOf(ctx: TestContext, seller: TestUser): Promise<string> {
  const row = await ctx.db.selectFrom('payout_accounts').selectAll().where('seller_id', '=', seller._id).executeTakeFirstOrThrow();
  return row.stripe_account_id;
}

const storedRow = (ctx: TestContext, stripeAccountId: string) =>
  ctx.db.selectFrom('payout_accounts').selectAll().where('stripe_account_id', '=', stripeAccountId).executeTakeFirstOrThrow();

const accountUpdates = (stripe: FakeStripe, accountId: string) =>
  stripe.fake.events.filter((event) => event.type === 'account.updated' && event.account === accountId);

describe('payouts through Stripe in manual mode', () => {
  it('refuses to start onboarding with 409 and says the payout mode is manual', async () => {
    const stripe = await startFakeStripe();
    const ctx = await buildTestApp(stripe.env());
    const seller = await createUser(ctx);

    const started = await startOnboarding(ctx, seller);
    const account = await accountOf(ctx, seller);

    expect(started.statusCode).toBe(409);
    expect(started.json().message).toBe(PAYOUTS_NOT_ENABLED_MESSAGE);
    expect(account).toEqual({ mode: 'manual', state: 'none', requirementsDue: [], disabledReason: null });
    expect(stripe.fake.accounts.size).toBe(0);
  });

  it('refuses with the same 409 when the simulated provider takes the cards', async () => {
    const ctx = await buildTestApp();
    const seller = await createUser(ctx);

    const started = await startOnboarding(ctx, seller);

    expect(started.statusCode).toBe(409);
    expect(started.json().message).toBe(PAYOUTS_NOT_ENABLED_MESSAGE);
  });
});

describe('onboarding a seller with Stripe Connect', () => {
  it('answers a visitor 401 on both calls', async () => {
    const { ctx, stripe } = await connectShop();

    const started = await startOnboarding(ctx, null);
    const read = await injectAs(ctx, null, { method: 'GET', url: '/api/payout/account' });

    expect([started.statusCode, read.statusCode]).toEqual([401, 401]);
    expect(stripe.fake.accounts.size).toBe(0);
  });

  it('shows a seller who never started as none in connect mode', async () => {
    const { ctx, seller } = await connectShop();

    expect(await accountOf(ctx, seller, true)).toEqual({ mode: 'connect', state: 'none', requirementsDue: [], disabledReason: null });
    expect(await accountStateOf(ctx.db, seller._id)).toBeNull();
  });

  it("makes an Express account and answers an onboarding link that returns to the seller's earnings page", async () => {
    const { ctx, stripe, seller } = await connectShop();

    const started = await startOnboarding(ctx, seller);

    expect(started.statusCode).toBe(200);
    const { url } = started.json() as { url: string };
    const accountId = await stripeAccountOf(ctx, seller);
    expect(url).toMatch(new RegExp(`^${stripe.url}/connect/onboarding/${accountId}/`));
    const account = stripe.fake.accounts.get(accountId)!;
    expect(account).toMatchObject({ type: 'express', metadata: { sellerId: seller._id } });
    expect(account.capabilities).toMatchObject({ transfers: 'inactive' });
    const link = stripe.requests.find((request) => request.path === '/v1/account_links')!;
    expect(link.form.get('type')).toBe('account_onboarding');
    expect(link.form.get('return_url')).toBe(`${PUBLIC_URL}/userPanel/earnings-detail?connect=return`);
    expect(link.form.get('refresh_url')).toBe(`${PUBLIC_URL}/userPanel/earnings-detail?connect=refresh`);
  });

  it('starts as details needed, with what Stripe asks for and why payouts are stopped', async () => {
    const { ctx, seller } = await connectShop();
    await startOnboarding(ctx, seller);

    const account = await accountOf(ctx, seller);

    expect(account).toMatchObject({ mode: 'connect', state: 'details_needed', disabledReason: 'requirements.past_due' });
    expect(account.requirementsDue).toEqual(expect.arrayContaining(['external_account', 'individual.first_name', 'tos_acceptance.date']));
    expect(await accountStateOf(ctx.db, seller._id)).toMatchObject({ state: 'details_needed', canReceiveTransfers: false });
  });

  it('keeps one account when the seller clicks again, and gives a fresh link each time', async () => {
    const { ctx, stripe, seller } = await connectShop();

    const first = (await startOnboarding(ctx, seller)).json() as { url: string };
    const second = (await startOnboarding(ctx, seller)).json() as { url: string };

    expect(stripe.fake.accounts.size).toBe(1);
    expect(second.url).not.toBe(first.url);
    expect(stripe.requests.filter((request) => request.path === '/v1/accounts' && request.method === 'POST')).toHaveLength(1);
  });

  it('makes one Stripe account and one row when two requests of the seller start onboarding at once', async () => {
    const { ctx, stripe, seller } = await connectShop();

    const answers = await Promise.all([startOnboarding(ctx, seller), startOnboarding(ctx, seller)]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    // Usually both ask Stripe (neither sees the other's row yet) and Stripe's idempotency key makes them
    // one account; a second request that comes late finds the row and asks nothing.
    const asked = stripe.requests.filter((request) => request.path === '/v1/accounts' && request.method === 'POST');
    expect([1, 2]).toContain(asked.length);
    expect(stripe.fake.accounts.size).toBe(1);
    const rows = await ctx.db.selectFrom('payout_accounts').selectAll().where('seller_id', '=', seller._id).execute();
    expect(rows.map((row) => row.stripe_account_id)).toEqual([...stripe.fake.accounts.keys()]);
  });

  it('stores each account once when many sellers store theirs twice at once', async () => {
    // Two requests of one seller store the same account; PostgreSQL once refused the later store with
    // a unique violation (a 500) in about one onboarding race of eight. Forty at once make it show.
    const ctx = await buildTestApp();
    const sellers = await Promise.all(Array.from({ length: 40 }, () => createUser(ctx)));
    const now = ctx.clock.now().toISOString();
    const store = (sellerId: string) =>
      ctx.db.transaction().execute((trx) =>
        new PayoutAccountsRepository(trx).insertIfAbsent({
          seller_id: sellerId,
          stripe_account_id: `acct_${sellerId}`,
          details_submitted: 0,
          charges_enabled: 0,
          transfers_active: 0,
          payouts_enabled: 0,
          requirements_due: '[]',
          disabled_reason: null,
          created_at: now,
          updated_at: now,
        }),
      );

    const stored = await Promise.allSettled(sellers.flatMap((seller) => [store(seller._id), store(seller._id)]));

    expect(stored.flatMap((each) => (each.status === 'rejected' ? [String(each.reason)] : []))).toEqual([]);
    const rows = await ctx.db.selectFrom('payout_accounts').select('seller_id').execute();
    expect(rows.map((row) => row.seller_id).toSorted()).toEqual(sellers.map((seller) => seller._id).toSorted());
  });

  it("makes one Stripe account when two instances start the same seller's onboarding at once", async () => {
    const stripe = await startFakeStripe();
    const [first, second] = await buildTwoTestApps({ ...stripe.env(), PAYOUT_MODE: 'connect', PUBLIC_URL });
    const seller = await createUser(first);

    const answers = await Promise.all([startOnboarding(first, seller), startOnboarding(second, seller)]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(stripe.fake.accounts.size).toBe(1);
    expect(await stripeAccountOf(second, seller)).toBe([...stripe.fake.accounts.keys()][0]);
  });

  it('keeps sellers apart: each gets an account of their own', async () => {
    const { ctx, stripe, seller } = await connectShop();
    const other = await createUser(ctx);

    await Promise.all([startOnboarding(ctx, seller), startOnboarding(ctx, other)]);

    expect(stripe.fake.accounts.size).toBe(2);
    expect(await stripeAccountOf(ctx, seller)).not.toBe(await stripeAccountOf(ctx, other));
  });
});

describe("Stripe's account.updated webhook", () => {
  it('makes the account enabled once the seller finished onboarding', async () => {
    const { ctx, stripe, seller } = await connectShop();
    await startOnboarding(ctx, seller);
    const accountId = await stripeAccountOf(ctx, seller);

    await stripe.fake.completeOnboarding(accountId);

    expect(stripe.fake.deliveries.map((delivery) => [delivery.type, delivery.status])).toEqual([['account.updated', 200]]);
    expect(await accountOf(ctx, seller)).toEqual({ mode: 'connect', state: 'enabled', requirementsDue: [], disabledReason: null });
    expect(await accountStateOf(ctx.db, seller._id)).toEqual({
      stripeAccountId: accountId,
      state: 'enabled',
      requirementsDue: [],
      disabledReason: null,
      canReceiveTransfers: true,
    });
  });

  it('changes nothing when the same event is delivered again', async () => {
    const { ctx, stripe, seller } = await connectShop();
    await startOnboarding(ctx, seller);
    const accountId = await stripeAccountOf(ctx, seller);
    await stripe.fake.completeOnboarding(accountId);
    const before = await storedRow(ctx, accountId);
    ctx.clock.advance(60_000);

    const replay = await stripe.fake.redeliver(accountUpdates(stripe, accountId)[0]!.id);

    expect(replay.status).toBe(200);
    expect(await storedRow(ctx, accountId)).toEqual(before);
  });

  it('stores the account as Stripe has it now when an older event arrives last', async () => {
    const { ctx, stripe, seller } = await connectShop();
    await startOnboarding(ctx, seller);
    const accountId = await stripeAccountOf(ctx, seller);
    // Stripe asks for more, then the seller gives it: two events, delivered in the wrong order.
    stripe.fake.webhook.url = null;
    await stripe.fake.setRequirements(accountId, { currently_due: ['external_account'], disabled_reason: 'requirements.past_due' });
    await stripe.fake.completeOnboarding(accountId);
    const [older, newer] = accountUpdates(stripe, accountId);

    const first = await stripe.fake.redeliver(newer!.id, { url: webhookUrlOf(ctx) });
    const second = await stripe.fake.redeliver(older!.id, { url: webhookUrlOf(ctx) });

    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await accountOf(ctx, seller)).state).toBe('enabled');
  });

  it('shows pending verification when everything was given and Stripe is checking it', async () => {
    const { ctx, stripe, seller } = await connectShop();
    await startOnboarding(ctx, seller);
    const accountId = await stripeAccountOf(ctx, seller);
    await stripe.fake.completeOnboarding(accountId);

    await stripe.fake.setRequirements(accountId, {
      currently_due: [],
      pending_verification: ['individual.verification.document'],
      disabled_reason: 'requirements.pending_verification',
    });

    expect(await accountOf(ctx, seller)).toEqual({
      mode: 'connect',
      state: 'pending_verification',
      requirementsDue: [],
      disabledReason: 'requirements.pending_verification',
    });
    expect(await accountStateOf(ctx.db, seller._id)).toMatchObject({ canReceiveTransfers: false });
  });

  it('refuses an event signed with another secret and stores nothing of it', async () => {
    const { ctx, stripe, seller } = await connectShop();
    await startOnboarding(ctx, seller);
    const accountId = await stripeAccountOf(ctx, seller);
    stripe.fake.webhook.url = null;
    await stripe.fake.completeOnboarding(accountId);

    const forged = await stripe.fake.redeliver(accountUpdates(stripe, accountId)[0]!.id, {
      url: webhookUrlOf(ctx),
      secret: 'whsec_someone_else',
    });

    expect(forged.status).toBe(400);
    expect((await accountOf(ctx, seller)).state).toBe('details_needed');
  });

  it("verifies an event signed with the Connect endpoint's own secret, and still refuses any other", async () => {
    const { ctx, stripe, seller } = await connectShop({}, { connectWebhookSecret: 'whsec_connect_endpoint' });
    await startOnboarding(ctx, seller);
    const accountId = await stripeAccountOf(ctx, seller);

    await stripe.fake.completeOnboarding(accountId);
    const forged = await stripe.fake.redeliver(accountUpdates(stripe, accountId)[0]!.id, { secret: 'whsec_someone_else' });

    expect(stripe.fake.deliveries.map((delivery) => delivery.status)).toEqual([200, 400]);
    expect(forged.status).toBe(400);
    expect((await accountOf(ctx, seller)).state).toBe('enabled');
  });

  it('acknowledges an event about an account that is no seller of ours and stores nothing', async () => {
    const { ctx, stripe } = await connectShop();

    const { delivery } = await stripe.fake.sendEvent(
      'account.updated',
      { id: 'acct_elsewhere', object: 'account' },
      { account: 'acct_elsewhere' },
    );

    expect(delivery?.status).toBe(200);
    expect(await ctx.db.selectFrom('payout_accounts').selectAll().execute()).toEqual([]);
    expect(stripe.requests.some((request) => request.path === '/v1/accounts/acct_elsewhere')).toBe(false);
  });
});

describe('the seller back from onboarding', () => {
  it('sees the account as Stripe has it now even before the webhook arrives', async () => {
    const { ctx, stripe, seller } = await connectShop();
    await startOnboarding(ctx, seller);
    const accountId = await stripeAccountOf(ctx, seller);
    stripe.fake.webhook.url = null;
    await stripe.fake.completeOnboarding(accountId);

    const stored = await accountOf(ctx, seller);
    const refreshed = await accountOf(ctx, seller, true);
    const afterwards = await accountOf(ctx, seller);

    expect(stored.state).toBe('details_needed');
    expect(refreshed.state).toBe('enabled');
    expect(afterwards.state).toBe('enabled');
  });
});

function webhookUrlOf(ctx: TestContext): string {
  const address = ctx.app.server.address();
  if (!address || typeof address === 'string') throw new Error('The app is not listening');
  return `http://127.0.0.1:${address.port}/api/payment/webhook`;
}
