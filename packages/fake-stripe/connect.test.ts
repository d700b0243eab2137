// The fake's Connect and webhooks through Stripe's own client, as the server will call them: if the
// `stripe` SDK reads an answer differently from how the fake means it, these fail before an app test does.
import { createFakeStripe, type FakeStripe } from '@market/fake-stripe';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Stripe } from 'stripe';
import { describe, expect, it, onTestFinished } from 'vitest';

const SECRET_KEY = 'sk_test_fake_connect';
const WEBHOOK_SECRET = 'whsec_fake_connect';

async function listen(server: ReturnType<typeof createServer>) {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A webhook endpoint that accepts only what `stripe.webhooks.constructEvent` verifies, as the server's does. */
async function startEndpoint(stripe: Stripe) {
  const received: Stripe.Event[] = [];
  const refused: string[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    try {
      received.push(stripe.webhooks.constructEvent(Buffer.concat(chunks), String(request.headers['stripe-signature']), WEBHOOK_SECRET));
      response.writeHead(200).end('{"received":true}');
    } catch (error) {
      refused.push((error as Error).message);
      response.writeHead(400).end();
    }
  });
  return { url: `${await listen(server)}/api/payment/webhook`, received, refused };
}

/** The fake on a free port, Stripe's client pointed at it, and a verifying webhook endpoint. */
async function connectFake(options: { now?: () => Date } = {}) {
  const fake: FakeStripe = createFakeStripe({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_fake_connect',
    webhookSecret: WEBHOOK_SECRET,
    ...options,
  });
  const url = await listen(fake.server);
  const address = new URL(url);
  const stripe = new Stripe(SECRET_KEY, { host: address.hostname, port: address.port, protocol: 'http', maxNetworkRetries: 0 });
  const endpoint = await startEndpoint(stripe);
  fake.webhook.url = endpoint.url;
  return { fake, stripe, url, endpoint };
}

const newExpressAccount = (stripe: Stripe, email = 'seller@example.com') =>
  stripe.accounts.create({
    type: 'express',
    country: 'US',
    email,
    capabilities: { transfers: { requested: true } },
    metadata: { sellerId: 'seller0000001' },
  });

/** A seller's account that finished onboarding, and a platform balance to pay it from. */
async function enabledSeller(fake: FakeStripe, stripe: Stripe, balance = 10_000) {
  const account = await newExpressAccount(stripe);
  await fake.completeOnboarding(account.id);
  fake.addAvailableBalance(balance);
  return account;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('Stripe accepted it'),
    (error: unknown) => error as Stripe.errors.StripeError,
  );

describe('the fake Stripe: Express accounts and onboarding', () => {
  it('creates an Express account that may not receive transfers until onboarding, and retrieves it', async () => {
    const { stripe } = await connectFake();

    const account = await newExpressAccount(stripe);
    const retrieved = await stripe.accounts.retrieve(account.id);
    const unknown = await refusal(stripe.accounts.retrieve('acct_nobody'));

    expect(account).toMatchObject({
      object: 'account',
      type: 'express',
      country: 'US',
      email: 'seller@example.com',
      capabilities: { transfers: 'inactive' },
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      metadata: { sellerId: 'seller0000001' },
      requirements: { disabled_reason: 'requirements.past_due', currently_due: expect.arrayContaining(['external_account']) },
    });
    expect(account.id).toMatch(/^acct_/);
    expect(retrieved).toEqual(account);
    expect(unknown).toBeInstanceOf(Stripe.errors.StripePermissionError);
    expect(unknown).toMatchObject({ statusCode: 403, code: 'account_invalid' });
  });

  it('onboards through a single-use account link on the fake, telling the webhook before the browser returns', async () => {
    const { stripe, url, endpoint } = await connectFake();
    const account = await newExpressAccount(stripe);

    const link = await stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'http://127.0.0.1:3100/earnings?onboarding=again',
      return_url: 'http://127.0.0.1:3100/earnings?onboarding=done',
    });
    const followed = await fetch(link.url, { redirect: 'manual' });
    const receivedOnReturn = endpoint.received.length;
    const again = await fetch(link.url, { redirect: 'manual' });
    const enabled = await stripe.accounts.retrieve(account.id);

    expect(link).toMatchObject({ object: 'account_link', expires_at: link.created + 300 });
    expect(link.url.startsWith(`${url}/connect/onboarding/${account.id}/`)).toBe(true);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('http://127.0.0.1:3100/earnings?onboarding=done');
    expect(again.headers.get('location')).toBe('http://127.0.0.1:3100/earnings?onboarding=again');
    expect(enabled).toMatchObject({
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      capabilities: { transfers: 'active' },
      requirements: { currently_due: [], past_due: [], disabled_reason: null },
    });
    expect(receivedOnReturn).toBe(1);
    expect(endpoint.received[0]).toMatchObject({
      type: 'account.updated',
      account: account.id,
      data: {
        object: { id: account.id, payouts_enabled: true },
        previous_attributes: { payouts_enabled: false, details_submitted: false, capabilities: { transfers: 'inactive' } },
      },
    });
  });

  it('sends an expired account link to refresh_url and refuses links it does not make', async () => {
    let now = new Date('2030-01-01T10:00:00Z');
    const { stripe } = await connectFake({ now: () => now });
    const account = await newExpressAccount(stripe);
    const urls = { refresh_url: 'http://app.test/refresh', return_url: 'http://app.test/return' };

    const link = await stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', ...urls });
    now = new Date('2030-01-01T10:05:01Z');
    const expired = await fetch(link.url, { redirect: 'manual' });
    const update = await refusal(stripe.accountLinks.create({ account: account.id, type: 'account_update', ...urls }));
    const noReturn = await refusal(
      stripe.accountLinks.create({ account: account.id, type: 'account_onboarding', refresh_url: urls.refresh_url }),
    );

    expect(expired.headers.get('location')).toBe('http://app.test/refresh');
    expect((await stripe.accounts.retrieve(account.id)).details_submitted).toBe(false);
    expect(update).toMatchObject({ statusCode: 400, param: 'type' });
    expect(noReturn).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'return_url' });
  });

  it('lets a test set what Stripe asks of an account, directly or over HTTP for the journeys', async () => {
    const { fake, stripe, url, endpoint } = await connectFake();
    const account = await enabledSeller(fake, stripe);

    await fake.setRequirements(account.id, {
      currently_due: ['individual.verification.document'],
      past_due: ['individual.verification.document'],
      disabled_reason: 'requirements.past_due',
    });
    const disabled = await stripe.accounts.retrieve(account.id);
    const overHttp = await fetch(`${url}/__fake/setRequirements`, {
      method: 'POST',
      headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify([account.id, { currently_due: [], past_due: [], disabled_reason: null }]),
    });
    const withoutKey = await fetch(`${url}/__fake/setRequirements`, { method: 'POST', body: '[]' });

    expect(disabled).toMatchObject({
      payouts_enabled: false,
      charges_enabled: false,
      capabilities: { transfers: 'inactive' },
      requirements: { currently_due: ['individual.verification.document'], disabled_reason: 'requirements.past_due' },
    });
    expect(overHttp.status).toBe(200);
    expect(await overHttp.json()).toMatchObject({ payouts_enabled: true, capabilities: { transfers: 'active' } });
    expect(withoutKey.status).toBe(401);
    expect(
      endpoint.received.map((event) => [event.type, (event.data.previous_attributes as { payouts_enabled?: boolean }).payouts_enabled]),
    ).toEqual([
      ['account.updated', false],
      ['account.updated', true],
      ['account.updated', false],
    ]);
    expect((await stripe.events.list({ type: 'account.updated' })).data.map((event) => event.id)).toEqual(
      endpoint.received.map((event) => event.id).toReversed(),
    );
  });
});

describe('the fake Stripe: transfers', () => {
  it('refuses a transfer to an account whose onboarding is not finished, as Stripe does', async () => {
    const { fake, stripe } = await connectFake();
    fake.addAvailableBalance(10_000);
    const account = await newExpressAccount(stripe);

    const refused = await refusal(stripe.transfers.create({ amount: 4599, currency: 'usd', destination: account.id }));
    const nowhere = await refusal(stripe.transfers.create({ amount: 4599, currency: 'usd', destination: 'acct_nobody' }));

    expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(refused).toMatchObject({ statusCode: 400, code: 'insufficient_capabilities_for_transfer' });
    expect(refused.message).toMatch(/needs to have at least one of the following capabilities enabled: transfers/);
    expect(nowhere).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'destination' });
    expect(fake.transfers.size).toBe(0);
  });

  it('transfers only what the available balance covers: the charges kept, less transfers, plus reversals', async () => {
    const { fake, stripe } = await connectFake();
    const account = await enabledSeller(fake, stripe, 0);
    const intent = await stripe.paymentIntents.create({ amount: 4999, currency: 'usd' });
    fake.intents.get(intent.id)!.status = 'succeeded';

    const tooMuch = await refusal(stripe.transfers.create({ amount: 5000, currency: 'usd', destination: account.id }));
    const transfer = await stripe.transfers.create({ amount: 4599, currency: 'usd', destination: account.id });
    const platform = await stripe.balance.retrieve();
    const seller = await stripe.balance.retrieve({}, { stripeAccount: account.id });

    expect(tooMuch).toMatchObject({ statusCode: 400, code: 'balance_insufficient' });
    expect(transfer.amount).toBe(4599);
    expect(platform.available).toEqual([{ amount: 400, currency: 'usd', source_types: { card: 400 } }]);
    expect(seller.available).toEqual([{ amount: 4599, currency: 'usd', source_types: { card: 4599 } }]);
  });

  it('creates, retrieves and lists transfers by destination, newest first', async () => {
    const { fake, stripe, endpoint } = await connectFake();
    const seller = await enabledSeller(fake, stripe);
    const other = await enabledSeller(fake, stripe);

    const first = await stripe.transfers.create({
      amount: 4599,
      currency: 'usd',
      destination: seller.id,
      transfer_group: 'payout_1',
      metadata: { payoutId: 'payout_1' },
    });
    await stripe.transfers.create({ amount: 100, currency: 'usd', destination: other.id });
    const second = await stripe.transfers.create({ amount: 1200, currency: 'usd', destination: seller.id });
    await fake.settled();

    expect(first).toMatchObject({
      object: 'transfer',
      amount: 4599,
      amount_reversed: 0,
      currency: 'usd',
      destination: seller.id,
      transfer_group: 'payout_1',
      metadata: { payoutId: 'payout_1' },
      reversed: false,
      reversals: { object: 'list', data: [], total_count: 0, url: `/v1/transfers/${first.id}/reversals` },
    });
    expect(first.id).toMatch(/^tr_/);
    expect(await stripe.transfers.retrieve(first.id)).toEqual(first);
    expect((await stripe.transfers.list({ destination: seller.id })).data.map((transfer) => transfer.id)).toEqual([second.id, first.id]);
    expect((await stripe.transfers.list({ destination: seller.id, limit: 1 })).has_more).toBe(true);
    expect(await refusal(stripe.transfers.retrieve('tr_nothing'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(endpoint.received.filter((event) => event.type === 'transfer.created').map((event) => event.data.object)).toEqual([
      expect.objectContaining({ id: first.id }),
      expect.objectContaining({ destination: other.id }),
      expect.objectContaining({ id: second.id }),
    ]);
  });

  it('answers a repeated Idempotency-Key with the first answer and moves the money once', async () => {
    const { fake, stripe } = await connectFake();
    const seller = await enabledSeller(fake, stripe);
    const payout = { amount: 4599, currency: 'usd', destination: seller.id, metadata: { payoutId: 'payout_1' } };

    const first = await stripe.transfers.create(payout, { idempotencyKey: 'payout-payout_1' });
    const retried = await stripe.transfers.create(payout, { idempotencyKey: 'payout-payout_1' });
    const otherRequest = await refusal(stripe.transfers.create({ ...payout, amount: 1 }, { idempotencyKey: 'payout-payout_1' }));

    expect(retried).toEqual(first);
    expect(retried.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect(fake.transfers.size).toBe(1);
    expect((await stripe.balance.retrieve()).available[0]!.amount).toBe(10_000 - 4599);
    expect(otherRequest).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('replays a refusal to its key even once the account is enabled: a new attempt needs a new key', async () => {
    const { fake, stripe } = await connectFake();
    fake.addAvailableBalance(10_000);
    const seller = await newExpressAccount(stripe);
    const payout = { amount: 4599, currency: 'usd', destination: seller.id };

    const refused = await refusal(stripe.transfers.create(payout, { idempotencyKey: 'payout-1-attempt-1' }));
    await fake.completeOnboarding(seller.id);
    const replayed = await refusal(stripe.transfers.create(payout, { idempotencyKey: 'payout-1-attempt-1' }));
    const retried = await stripe.transfers.create(payout, { idempotencyKey: 'payout-1-attempt-2' });

    expect(refused.code).toBe('insufficient_capabilities_for_transfer');
    expect(replayed.code).toBe('insufficient_capabilities_for_transfer');
    expect(retried.amount).toBe(4599);
  });
});

describe('the fake Stripe: transfer reversals', () => {
  it('reverses part of a transfer, then the rest, but never more than remains', async () => {
    const { fake, stripe, endpoint } = await connectFake();
    const seller = await enabledSeller(fake, stripe);
    const transfer = await stripe.transfers.create({ amount: 4599, currency: 'usd', destination: seller.id });

    const part = await stripe.transfers.createReversal(transfer.id, { amount: 1000, metadata: { refundId: 'refund_1' } });
    const tooMuch = await refusal(stripe.transfers.createReversal(transfer.id, { amount: 3600 }));
    const rest = await stripe.transfers.createReversal(transfer.id);
    const afterAll = await refusal(stripe.transfers.createReversal(transfer.id, { amount: 1 }));
    await fake.settled();
    const reversed = await stripe.transfers.retrieve(transfer.id);

    expect(part).toMatchObject({
      object: 'transfer_reversal',
      amount: 1000,
      currency: 'usd',
      transfer: transfer.id,
      metadata: { refundId: 'refund_1' },
    });
    expect(part.id).toMatch(/^trr_/);
    expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(tooMuch).toMatchObject({ statusCode: 400, param: 'amount' });
    expect(tooMuch.message).toMatch(/greater than unreversed amount on transfer \(\$35\.99\)/);
    expect(rest.amount).toBe(3599);
    expect(afterAll.statusCode).toBe(400);
    expect(reversed).toMatchObject({ amount_reversed: 4599, reversed: true, reversals: { total_count: 2 } });
    expect(reversed.reversals.data.map((reversal) => reversal.id)).toEqual([rest.id, part.id]);
    expect((await stripe.transfers.listReversals(transfer.id)).data.map((reversal) => reversal.amount)).toEqual([3599, 1000]);
    expect((await stripe.balance.retrieve()).available[0]!.amount).toBe(10_000);
    expect(
      endpoint.received
        .filter((event) => event.type === 'transfer.reversed')
        .map((event) => (event.data.object as Stripe.Transfer).amount_reversed),
    ).toEqual([1000, 4599]);
  });

  it('reverses once for a repeated Idempotency-Key, and tells the platform of a reversal made in the dashboard', async () => {
    const { fake, stripe, endpoint } = await connectFake();
    const seller = await enabledSeller(fake, stripe);
    const transfer = await stripe.transfers.create({ amount: 4599, currency: 'usd', destination: seller.id });

    const first = await stripe.transfers.createReversal(transfer.id, { amount: 500 }, { idempotencyKey: 'reversal-refund_1' });
    const retried = await stripe.transfers.createReversal(transfer.id, { amount: 500 }, { idempotencyKey: 'reversal-refund_1' });
    const inDashboard = await fake.reverseInDashboard(transfer.id, 99);

    expect(retried).toEqual(first);
    expect((await stripe.transfers.retrieve(transfer.id)).amount_reversed).toBe(599);
    expect(endpoint.received.at(-1)).toMatchObject({
      type: 'transfer.reversed',
      request: { id: null },
      data: {
        object: {
          id: transfer.id,
          amount_reversed: 599,
          reversals: { data: [expect.objectContaining({ id: inDashboard.id }), expect.objectContaining({ id: first.id })] },
        },
      },
    });
  });
});

describe('the fake Stripe: webhooks', () => {
  it('signs what it sends so that stripe.webhooks.constructEvent accepts it, and a replay is the same event', async () => {
    const { fake, stripe, endpoint } = await connectFake();
    const intent = await stripe.paymentIntents.create({ amount: 4999, currency: 'usd' });

    const { event, delivery } = await fake.sendEvent('payment_intent.succeeded', { ...fake.intents.get(intent.id)!, status: 'succeeded' });
    const replay = await fake.redeliver(event.id);

    expect(delivery).toMatchObject({ status: 200, url: endpoint.url });
    expect(replay.status).toBe(200);
    expect(endpoint.refused).toEqual([]);
    expect(endpoint.received).toHaveLength(2);
    expect(endpoint.received[1]).toEqual(endpoint.received[0]);
    expect(endpoint.received[0]).toMatchObject({
      id: event.id,
      object: 'event',
      type: 'payment_intent.succeeded',
      livemode: false,
      data: { object: { id: intent.id, amount: 4999, status: 'succeeded' } },
    });
    expect(await stripe.events.retrieve(event.id)).toMatchObject({ id: event.id, type: 'payment_intent.succeeded' });
  });

  it('gives a body and signature that constructEvent refuses once tampered with, signed by another secret, or too old', async () => {
    const now = new Date('2030-01-01T10:00:00Z');
    const { fake, stripe } = await connectFake({ now: () => now });
    const { event } = await fake.sendEvent('charge.dispute.created', { id: 'dp_1', object: 'dispute', amount: 4999 });
    const at = now.getTime();

    const { payload, signature } = fake.signedEvent(event);
    const wrongSecret = fake.signedEvent(event, { secret: 'whsec_someone_else' });
    const verify =
      (body: string, header: string, receivedAt = at) =>
      () =>
        stripe.webhooks.constructEvent(body, header, WEBHOOK_SECRET, 300, undefined, receivedAt);

    expect(verify(payload, signature)()).toMatchObject({ id: event.id, type: 'charge.dispute.created' });
    expect(signature).toMatch(new RegExp(`^t=${at / 1000},v1=[0-9a-f]{64}$`));
    expect(verify(payload.replace('4999', '1'), signature)).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(verify(wrongSecret.payload, wrongSecret.signature)).toThrow(/No signatures found matching the expected signature/);
    expect(verify(payload, signature, at + 301_000)).toThrow(/Timestamp outside the tolerance zone/);
  });

  it('opens and closes disputes on a charge, moving the platform balance and telling the endpoint', async () => {
    const { fake, stripe, endpoint } = await connectFake();
    const intent = await stripe.paymentIntents.create({ amount: 4999, currency: 'usd' });
    fake.intents.get(intent.id)!.status = 'succeeded';

    const won = await fake.openDispute(intent.id);
    const whileOpen = (await stripe.balance.retrieve()).available[0]!.amount;
    await fake.closeDispute(won.id, 'won');
    const lost = await fake.openDispute(intent.id, { amount: 1000, reason: 'product_not_received' });
    await fake.closeDispute(lost.id, 'lost');

    expect(won).toMatchObject({
      object: 'dispute',
      amount: 4999,
      charge: `ch_${intent.id}`,
      payment_intent: intent.id,
      reason: 'fraudulent',
    });
    expect(whileOpen).toBe(0);
    expect((await stripe.disputes.retrieve(lost.id)).status).toBe('lost');
    expect((await stripe.balance.retrieve()).available[0]!.amount).toBe(3999);
    expect(endpoint.received.map((event) => [event.type, (event.data.object as Stripe.Dispute).status])).toEqual([
      ['charge.dispute.created', 'needs_response'],
      ['charge.dispute.funds_withdrawn', 'needs_response'],
      ['charge.dispute.closed', 'won'],
      ['charge.dispute.funds_reinstated', 'won'],
      ['charge.dispute.created', 'needs_response'],
      ['charge.dispute.funds_withdrawn', 'needs_response'],
      ['charge.dispute.closed', 'lost'],
    ]);
  });
});

/** What Stripe.js does when a buyer pays with the one card that succeeds: the charge lands in the platform's balance. */
async function payWithCard(url: string, intent: Stripe.PaymentIntent) {
  const response = await fetch(`${url}/v1/payment_intents/${intent.id}/confirm`, {
    method: 'POST',
    headers: { authorization: 'Bearer pk_test_fake_connect', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: intent.client_secret!, 'payment_method_data[card][number]': '4242424242424242' }),
  });
  expect(response.status).toBe(200);
}

describe('the fake Stripe: balance transactions', () => {
  it('lists every movement of the platform balance by its source, and they add up to the balance', async () => {
    let now = new Date('2026-12-01T10:00:00Z');
    const { fake, stripe, url } = await connectFake({ now: () => now });
    const seller = await newExpressAccount(stripe);
    await fake.completeOnboarding(seller.id);

    const intent = await stripe.paymentIntents.create({ amount: 10_000, currency: 'usd' });
    await payWithCard(url, intent);
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 2000 });
    now = new Date('2026-12-08T10:00:00Z');
    const transfer = await stripe.transfers.create({ amount: 5000, currency: 'usd', destination: seller.id });
    const reversal = await stripe.transfers.createReversal(transfer.id, { amount: 1000 });
    const dispute = await fake.openDispute(intent.id, { amount: 3000 });
    await fake.closeDispute(dispute.id, 'won');

    const listed: Stripe.BalanceTransaction[] = [];
    for await (const transaction of stripe.balanceTransactions.list({ limit: 2 })) listed.push(transaction);
    expect(listed.map((transaction) => [transaction.type, transaction.reporting_category, transaction.amount, transaction.source])).toEqual(
      [
        ['adjustment', 'dispute_reversal', 3000, dispute.id],
        ['adjustment', 'dispute', -3000, dispute.id],
        ['transfer_refund', 'transfer_reversal', 1000, reversal.id],
        ['transfer', 'transfer', -5000, transfer.id],
        ['refund', 'refund', -2000, refund.id],
        ['charge', 'charge', 10_000, `ch_${intent.id}`],
      ],
    );
    const available = (await stripe.balance.retrieve()).available.find((funds) => funds.currency === 'usd')!.amount;
    expect(listed.reduce((sum, transaction) => sum + transaction.net, 0)).toBe(available);
    expect(available).toBe(4000);

    // Each object names its own balance transaction, as Stripe's do.
    expect(await stripe.balanceTransactions.retrieve(transfer.balance_transaction as string)).toMatchObject({
      source: transfer.id,
      amount: -5000,
    });
    expect((await stripe.balanceTransactions.retrieve(refund.balance_transaction as string)).source).toBe(refund.id);
    expect((await stripe.balanceTransactions.retrieve(reversal.balance_transaction as string)).source).toBe(reversal.id);
    expect((await stripe.disputes.retrieve(dispute.id)).balance_transactions.map((transaction) => transaction.amount)).toEqual([
      -3000, 3000,
    ]);

    // Dated by the clock the fake was given, so reconciliation can ask for a day's movements.
    const since = Math.floor(new Date('2026-12-08T00:00:00Z').getTime() / 1000);
    const lastWeek = await stripe.balanceTransactions.list({ created: { gte: since }, limit: 100 });
    expect(lastWeek.data.map((transaction) => transaction.type)).toEqual(['adjustment', 'adjustment', 'transfer_refund', 'transfer']);
    expect((await stripe.balanceTransactions.list({ type: 'refund' })).data.map((transaction) => transaction.id)).toEqual([
      refund.balance_transaction,
    ]);
    expect((await refusal(stripe.balanceTransactions.retrieve('txn_missing'))).statusCode).toBe(404);

    // Expanded, a charge's source names its payment intent and a refund's is the refund, as reconciliation reads them.
    const expanded = await stripe.balanceTransactions.list({ type: 'charge', expand: ['data.source'] });
    expect(expanded.data[0]!.source).toMatchObject({ object: 'charge', payment_intent: intent.id, amount: 10_000 });
    const refundSource = (await stripe.balanceTransactions.retrieve(refund.balance_transaction as string, { expand: ['source'] })).source;
    expect(refundSource).toMatchObject({ object: 'refund', id: refund.id, payment_intent: intent.id });
    // A reversal's names the transfer it takes back from, and a transfer's and a dispute's are theirs.
    const sources = (await stripe.balanceTransactions.list({ created: { gte: since }, expand: ['data.source'] })).data.map(
      (transaction) => transaction.source,
    );
    expect(sources).toEqual([
      expect.objectContaining({ object: 'dispute', id: dispute.id }),
      expect.objectContaining({ object: 'dispute', id: dispute.id }),
      expect.objectContaining({ object: 'transfer_reversal', id: reversal.id, transfer: transfer.id, amount: 1000 }),
      expect.objectContaining({ object: 'transfer', id: transfer.id, amount: 5000 }),
    ]);
  });
});
