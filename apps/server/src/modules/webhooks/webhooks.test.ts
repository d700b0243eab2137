import type { WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '@market/contracts';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import { unitOfWork } from '../../db/index.js';
import { DAY_MS, HOUR_MS } from '../../platform/clock.js';
import { buyWithCard, singleLine } from '../../test/commerce.js';
import { recordPurchase } from '../../test/sales.js';
import { buildCatalogueApp, buildTwoCatalogueApps, createApprovedProduct } from '../../test/factories.js';
import { createUser, injectAs, sessionCookieOf, type TestContext, type TestUser } from '../../test/helper.js';
import { type Hit, receiver } from '../../test/webhook-receiver.js';
import { RETRY_DELAYS_MS, WebhooksService } from './index.js';

/** When a delivery was signed, by its header. */
const sentAt = (hit: Hit) => new Date(Number(hit.headers['webhook-timestamp']) * 1000);

/** The reference library's verdict on a delivery, at the app clock's time (it checks the timestamp against its own now). */
function verify(ctx: TestContext, secret: string, hit: Hit, at = ctx.clock.now()): 'ok' | string {
  const spy = vi.spyOn(Date, 'now').mockReturnValue(at.getTime());
  try {
    new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>);
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    spy.mockRestore();
  }
}

async function shop(env: Record<string, string> = { WEBHOOK_ALLOW_PRIVATE: 'true' }) {
  const ctx = await buildCatalogueApp(env);
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx, { name: 'Sam Seller' });
  const buyer = await createUser(ctx);
  const product = await createApprovedProduct(ctx, seller, admin, { singleAppLicense: '49.99', multiAppLicense: '149' });
  return { ctx, admin, seller, buyer, product };
}

async function register(ctx: TestContext, seller: TestUser, url: string, events = ['order.paid']): Promise<WebhookEndpointWithSecret> {
  const response = await injectAs(ctx, seller, { method: 'POST', url: '/api/webhooks/endpoints', payload: { url, events } });
  if (response.statusCode !== 201) throw new Error(`Endpoint refused: ${response.statusCode} ${response.body}`);
  return response.json() as WebhookEndpointWithSecret;
}

async function deliveriesOf(ctx: TestContext, seller: TestUser, endpointId: string): Promise<WebhookDelivery[]> {
  const response = await injectAs(ctx, seller, { method: 'GET', url: `/api/webhooks/endpoints/${endpointId}/deliveries` });
  return (response.json() as { deliveries: WebhookDelivery[] }).deliveries;
}

async function sendTest(ctx: TestContext, seller: TestUser, endpointId: string): Promise<WebhookDelivery> {
  const response = await injectAs(ctx, seller, { method: 'POST', url: `/api/webhooks/endpoints/${endpointId}/test` });
  if (response.statusCode !== 202) throw new Error(`Test refused: ${response.statusCode} ${response.body}`);
  await ctx.services.webhooks.settled();
  return response.json() as WebhookDelivery;
}

describe('signed webhooks (docs/decisions/0015)', () => {
  it('sends a paid order to its seller once, signed so the Standard Webhooks library accepts it', async () => {
    const { ctx, seller, buyer, product } = await shop();
    const other = await createUser(ctx);
    const hook = await receiver();
    const endpoint = await register(ctx, seller, hook.url, ['order.paid', 'review.created']);
    await register(ctx, other, hook.url);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const purchase = await buyWithCard(ctx, buyer, [singleLine(product._id)]);
    await ctx.services.webhooks.settled();

    expect(hook.hits).toHaveLength(1);
    const [hit] = hook.hits;
    expect(verify(ctx, endpoint.secret, hit!)).toBe('ok');
    expect(verify(ctx, endpoint.secret, { ...hit!, body: hit!.body.replace('4999', '1') })).toBe('No matching signature found');
    expect(verify(ctx, endpoint.secret, hit!, new Date(ctx.clock.now().getTime() + 6 * 60_000))).toBe('Message timestamp too old');
    const body = JSON.parse(hit!.body) as { type: string; data: { orderId: string; lines: Array<Record<string, unknown>> } };
    expect(body).toMatchObject({
      type: 'order.paid',
      timestamp: ctx.clock.now().toISOString(),
      data: { orderId: purchase._id, lines: [{ productId: product._id, paid: { cents: 4999, currency: 'usd' } }] },
    });
    expect(body.data.lines[0]!.licenceCode).toEqual(expect.any(String));
    expect(hit!.headers['webhook-timestamp']).toBe(String(Math.floor(ctx.clock.now().getTime() / 1000)));

    const [delivery] = await deliveriesOf(ctx, seller, endpoint._id);
    expect(delivery).toMatchObject({
      _id: hit!.headers['webhook-id'],
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      lastResponseExcerpt: 'ok',
    });
    expect(delivery!.lastLatencyMs).toBeGreaterThanOrEqual(0);
  });

  it('tells the seller of a release, a review, a licence revoked by an admin and a refund, each in its own transaction', async () => {
    const { ctx, admin, seller, buyer, product } = await shop();
    const hook = await receiver();
    await register(ctx, seller, hook.url, ['review.created', 'licence.revoked', 'order.refunded', 'release.published']);
    // Its first release is published by the admin's approval.
    const puzzle = await createApprovedProduct(ctx, seller, admin, { title: JSON.stringify({ en: 'Block Puzzle' }) });
    const purchase = await buyWithCard(ctx, buyer, [singleLine(product._id)]);
    const code = purchase.products[0]!.purchaseCode;

    const reviewed = await injectAs(ctx, buyer, {
      method: 'POST',
      url: '/api/review/addReview',
      payload: { productId: product._id, rating: 5, text: 'Clean code and a quick reply from the seller.' },
    });
    const revoked = await injectAs(ctx, admin, {
      method: 'PUT',
      url: `/api/licence/${code}/revoke`,
      payload: { reason: 'Shared on a forum' },
    });
    const refunded = await injectAs(ctx, admin, {
      method: 'POST',
      url: '/api/purchase/refund',
      payload: { purchaseId: purchase._id, reason: 'The buyer asked within the window' },
    });
    await ctx.services.webhooks.settled();

    expect([reviewed.statusCode, revoked.statusCode, refunded.statusCode]).toEqual([201, 200, 200]);
    // Sent as each commits, by rounds that may overlap: compared in the order of their names.
    const events = hook.hits
      .map((hit) => JSON.parse(hit.body) as { type: string; data: Record<string, unknown> })
      .toSorted((a, b) => a.type.localeCompare(b.type));
    expect(events).toMatchObject([
      { type: 'licence.revoked', data: { licenceCode: code, orderId: purchase._id, productId: product._id, reason: 'Shared on a forum' } },
      {
        type: 'order.refunded',
        data: { orderId: purchase._id, lines: [{ productId: product._id, refunded: { cents: 4999, currency: 'usd' } }] },
      },
      { type: 'release.published', data: { productId: puzzle._id, version: expect.any(String) } },
      { type: 'review.created', data: { productId: product._id, rating: 5 } },
    ]);
  });

  it('tells the seller of a withdrawal paid by an admin with payout.paid: the amount, the 8% fee and what reached them', async () => {
    const { ctx, admin, seller, product } = await shop();
    const hook = await receiver();
    const endpoint = await register(ctx, seller, hook.url, ['payout.paid']);
    await recordPurchase(ctx, admin._id, [{ productId: product._id, priceCents: 10_000 }]);
    const requested = await injectAs(ctx, seller, {
      method: 'POST',
      url: '/api/withdraw/withdrawDetil',
      payload: { email: 'payout@example.com', withdrawAmount: 40 },
    });
    expect(requested.statusCode).toBe(201);
    await ctx.services.webhooks.settled();
    expect(hook.hits, 'a request is not a payout').toEqual([]);

    const withdrawalId = (requested.json() as { withdrawal: { _id: string } }).withdrawal._id;
    const paid = await injectAs(ctx, admin, { method: 'PUT', url: `/api/withdraw/updateStatus/${withdrawalId}` });
    await ctx.services.webhooks.settled();

    expect(paid.statusCode).toBe(200);
    expect(hook.hits.map((hit) => verify(ctx, endpoint.secret, hit))).toEqual(['ok']);
    expect(JSON.parse(hook.hits[0]!.body)).toEqual({
      type: 'payout.paid',
      timestamp: ctx.clock.now().toISOString(),
      data: {
        payoutId: withdrawalId,
        method: 'withdrawal',
        amount: { cents: 4000, currency: 'usd' },
        fee: { cents: 320, currency: 'usd' },
        paid: { cents: 3680, currency: 'usd' },
        paidAt: ctx.clock.now().toISOString(),
      },
    });
  });

  it('forgets finished deliveries after 30 days in housekeeping, and keeps recent ones and ones still being retried', async () => {
    const { ctx, seller } = await shop();
    const answering = await receiver();
    const failing = await receiver((_request, response) => {
      response.statusCode = 500;
      response.end('down');
    });
    const good = await register(ctx, seller, answering.url);
    const bad = await register(ctx, seller, failing.url);
    const old = await sendTest(ctx, seller, good._id);
    const retried = await sendTest(ctx, seller, bad._id);
    expect(await deliveriesOf(ctx, seller, good._id)).toMatchObject([{ _id: old._id, status: 'delivered' }]);
    ctx.clock.advance(31 * DAY_MS);
    // A month on, the seller signs in again.
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/signIn',
      payload: { email: seller.email, password: seller.password },
    });
    const back = { ...seller, cookie: sessionCookieOf(signIn.headers['set-cookie']) };
    const recent = await sendTest(ctx, back, good._id);

    const report = await ctx.services.housekeeping.runOnce();

    expect(report?.webhookDeliveries).toBe(1);
    expect((await deliveriesOf(ctx, back, good._id)).map((delivery) => delivery._id)).toEqual([recent._id]);
    expect(await deliveriesOf(ctx, back, bad._id)).toMatchObject([{ _id: retried._id, status: 'pending' }]);
  });

  it('retries a failing receiver on the schedule as the clock moves, then turns the endpoint off and tells the seller', async () => {
    const { ctx, seller } = await shop();
    const hook = await receiver((_request, response) => {
      response.statusCode = 500;
      response.end('down for maintenance');
    });
    const endpoint = await register(ctx, seller, hook.url);
    const test = await sendTest(ctx, seller, endpoint._id);

    const seen: Array<{ hits: number; attempts: number; status: string }> = [];
    for (const delay of RETRY_DELAYS_MS) {
      // A moment early: nothing is due yet.
      ctx.clock.advance(delay - 1000);
      await ctx.services.webhooks.deliverDue();
      const early = hook.hits.length;
      ctx.clock.advance(1000);
      await ctx.services.webhooks.deliverDue();
      const [delivery] = await deliveriesOf(ctx, seller, endpoint._id);
      seen.push({ hits: hook.hits.length - early, attempts: delivery!.attempts, status: delivery!.status });
    }
    expect(seen).toEqual(
      RETRY_DELAYS_MS.map((_delay, index) => ({
        hits: 1,
        attempts: index + 2,
        status: index === RETRY_DELAYS_MS.length - 1 ? 'failed' : 'pending',
      })),
    );
    expect(RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0) / HOUR_MS).toBeGreaterThan(60);
    expect(new Set(hook.hits.map((hit) => hit.headers['webhook-id']))).toEqual(new Set([test._id]));

    const list = (await injectAs(ctx, seller, { method: 'GET', url: '/api/webhooks/endpoints' })).json() as {
      endpoints: WebhookEndpoint[];
    };
    expect(list.endpoints[0]).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('HTTP 500') });
    const notices = await ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', seller._id)
      .where('kind', '=', 'webhook')
      .execute();
    expect(notices).toHaveLength(1);
    const mails = await ctx.db.selectFrom('mail_outbox').select('subject').where('to_address', '=', seller.email).execute();
    expect(mails.map((mail) => mail.subject)).toContain('Your webhook endpoint was turned off');

    // Off: no more attempts, even for new events.
    ctx.clock.advance(RETRY_DELAYS_MS.at(-1)!);
    await ctx.services.webhooks.deliverDue();
    expect(hook.hits).toHaveLength(RETRY_DELAYS_MS.length + 1);
  });

  it('delivers each event once when two instances run the sender at the same moment', async () => {
    const [first, second] = await buildTwoCatalogueApps({ WEBHOOK_ALLOW_PRIVATE: 'true' });
    const seller = await createUser(first);
    const hook = await receiver();
    const endpoint = await register(first, seller, hook.url);
    const inTransaction = unitOfWork(first.db, { error: () => {} });
    for (let index = 0; index < 8; index += 1) {
      // Stored without waking a sender, so both instances meet over the same due rows.
      await inTransaction((trx) => first.services.webhooks.emit(trx, () => {}, seller._id, 'order.paid', { orderId: `order-${index}` }));
    }

    await Promise.all([first.services.webhooks.deliverDue(), second.services.webhooks.deliverDue(), second.services.webhooks.deliverDue()]);

    const ids = hook.hits.map((hit) => hit.headers['webhook-id']);
    expect(ids).toHaveLength(8);
    expect(new Set(ids).size).toBe(8);
    const deliveries = await deliveriesOf(first, seller, endpoint._id);
    expect(deliveries.map((delivery) => [delivery.status, delivery.attempts])).toEqual(Array.from({ length: 8 }, () => ['delivered', 1]));
  });

  it('refuses private and loopback addresses at registration and at delivery unless WEBHOOK_ALLOW_PRIVATE is set', async () => {
    const { ctx, seller } = await shop({});
    const hook = await receiver();
    const refused = await Promise.all(
      ['http://127.0.0.1:1/', 'http://10.0.0.1/', 'http://[::1]/', 'http://169.254.169.254/latest/meta-data', 'http://localhost/'].map(
        async (url) =>
          (await injectAs(ctx, seller, { method: 'POST', url: '/api/webhooks/endpoints', payload: { url, events: ['order.paid'] } }))
            .statusCode,
      ),
    );
    expect(refused).toEqual([400, 400, 400, 400, 400]);

    // An endpoint whose name resolved publicly at registration and to the receiver on 127.0.0.1 since (DNS rebinding).
    const answers = [[{ address: '93.184.216.34', family: 4 as const }]];
    const webhooks = new WebhooksService({
      db: ctx.db,
      inTransaction: unitOfWork(ctx.db, { error: () => {} }),
      clock: ctx.clock,
      log: { warn: () => {} },
      notifications: ctx.services.notifications,
      mail: ctx.services.mail,
      publicUrl: 'http://localhost',
      settings: { allowPrivate: false, httpsOnly: false },
      resolve: async () => answers.shift() ?? [{ address: '127.0.0.1', family: 4 }],
    });
    const endpoint = await webhooks.create(seller, { url: `http://hooks.example:${hook.port}/hooks`, events: ['order.paid'] });
    // Forged rows: endpoints registered by hand, as an admin's script or an older release might have left them.
    for (const url of [hook.url, 'http://10.0.0.1/', `http://[::1]:${hook.port}/`, 'http://169.254.169.254/']) {
      await ctx.db
        .insertInto('webhook_endpoints')
        .values({ ...rowOf(seller._id, url), id: `forged${Math.random().toString(36).slice(2, 10)}` })
        .execute();
    }
    await webhooks.sendTest(seller, endpoint._id);
    for (const { _id } of await ctx.services.webhooks.list(seller)) {
      if (_id !== endpoint._id) await webhooks.sendTest(seller, _id);
    }
    await webhooks.deliverDue();

    expect(hook.hits).toEqual([]);
    const excerpts = await ctx.db.selectFrom('webhook_deliveries').select(['last_response_excerpt', 'status', 'attempts']).execute();
    expect(excerpts).toHaveLength(5);
    expect(
      excerpts.filter(
        (row) => !row.last_response_excerpt?.startsWith('Refused:') || row.status !== 'pending' || Number(row.attempts) !== 1,
      ),
    ).toEqual([]);
  });

  it('does not follow a redirect, and keeps only an excerpt of a large answer', async () => {
    const { ctx, seller } = await shop();
    const hook = await receiver((request, response) => {
      if (request.url === '/hooks') {
        response.writeHead(302, { location: '/elsewhere' });
        response.end();
      } else response.end('reached');
    });
    const large = await receiver((_request, response) => response.end('x'.repeat(1024 * 1024)));
    const redirected = await register(ctx, seller, hook.url);
    const chatty = await register(ctx, seller, large.url);

    await sendTest(ctx, seller, redirected._id);
    await sendTest(ctx, seller, chatty._id);

    expect(hook.hits.map((hit) => hit.path)).toEqual(['/hooks']);
    const [redirect] = await deliveriesOf(ctx, seller, redirected._id);
    expect(redirect).toMatchObject({ status: 'pending', lastStatusCode: 302, attempts: 1 });
    const [big] = await deliveriesOf(ctx, seller, chatty._id);
    expect(big).toMatchObject({ status: 'delivered', lastStatusCode: 200, lastResponseExcerpt: 'x'.repeat(500) });
  });

  it('signs with both secrets for 24 hours after a rotation, then with the new one only', async () => {
    const { ctx, seller } = await shop();
    const hook = await receiver();
    const endpoint = await register(ctx, seller, hook.url);
    const rotated = (
      await injectAs(ctx, seller, { method: 'PUT', url: `/api/webhooks/endpoints/${endpoint._id}`, payload: { rotateSecret: true } })
    ).json() as WebhookEndpointWithSecret;
    expect(rotated.secret).not.toBe(endpoint.secret);

    await sendTest(ctx, seller, endpoint._id);
    ctx.clock.advance(24 * HOUR_MS + 1000);
    await sendTest(ctx, seller, endpoint._id);

    expect(hook.hits.map((hit) => String(hit.headers['webhook-signature']).split(' ').length)).toEqual([2, 1]);
    expect([
      verify(ctx, endpoint.secret, hook.hits[0]!, sentAt(hook.hits[0]!)),
      verify(ctx, rotated.secret, hook.hits[0]!, sentAt(hook.hits[0]!)),
    ]).toEqual(['ok', 'ok']);
    expect([verify(ctx, endpoint.secret, hook.hits[1]!), verify(ctx, rotated.secret, hook.hits[1]!)]).toEqual([
      'No matching signature found',
      'ok',
    ]);
  });

  it('replays a delivery as a new one with the same body and the same webhook-id', async () => {
    const { ctx, seller } = await shop();
    const hook = await receiver();
    const endpoint = await register(ctx, seller, hook.url);
    const first = await sendTest(ctx, seller, endpoint._id);

    const replayed = await injectAs(ctx, seller, { method: 'POST', url: `/api/webhooks/deliveries/${first._id}/replay` });
    await ctx.services.webhooks.settled();

    expect(replayed.statusCode).toBe(202);
    expect((replayed.json() as WebhookDelivery)._id).not.toBe(first._id);
    expect((replayed.json() as WebhookDelivery).webhookId).toBe(first.webhookId);
    expect(hook.hits).toHaveLength(2);
    expect(hook.hits[1]!.body).toBe(hook.hits[0]!.body);
    expect(hook.hits.map((hit) => hit.headers['webhook-id'])).toEqual([first.webhookId, first.webhookId]);
    expect(hook.hits.map((hit) => verify(ctx, endpoint.secret, hit))).toEqual(['ok', 'ok']);
    expect((await deliveriesOf(ctx, seller, endpoint._id)).map((delivery) => delivery.status)).toEqual(['delivered', 'delivered']);
  });

  it('lets a token with webhooks:write manage endpoints as its owner, and refuses one without the scope or a bad one', async () => {
    const { ctx, seller } = await shop();
    const hook = await receiver();
    const tokenWith = async (scopes: string[]) => {
      const response = await injectAs(ctx, seller, { method: 'POST', url: '/api/licence/tokens', payload: { name: 'Ops', scopes } });
      return `Bearer ${(response.json() as { token: string }).token}`;
    };
    const writer = await tokenWith(['webhooks:write']);
    const reader = await tokenWith(['sales:read']);
    const asToken = (authorization: string, options: { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: object }) =>
      ctx.app.inject({ ...options, headers: { authorization } });

    const created = await asToken(writer, {
      method: 'POST',
      url: '/api/webhooks/endpoints',
      payload: { url: hook.url, events: ['order.paid'] },
    });
    expect(created.statusCode).toBe(201);
    const endpoint = created.json() as WebhookEndpointWithSecret;
    const tested = await asToken(writer, { method: 'POST', url: `/api/webhooks/endpoints/${endpoint._id}/test` });
    await ctx.services.webhooks.settled();
    expect(tested.statusCode).toBe(202);
    expect(hook.hits.map((hit) => verify(ctx, endpoint.secret, hit))).toEqual(['ok']);
    const listed = await asToken(writer, { method: 'GET', url: `/api/webhooks/endpoints/${endpoint._id}/deliveries` });
    expect((listed.json() as { deliveries: WebhookDelivery[] }).deliveries.map((delivery) => delivery.status)).toEqual(['delivered']);
    // The seller's own session sees what the token made: both act as the same seller.
    expect((await injectAs(ctx, seller, { method: 'GET', url: '/api/webhooks/endpoints' })).json()).toMatchObject({
      endpoints: [{ _id: endpoint._id }],
    });

    const refused = await asToken(reader, { method: 'GET', url: '/api/webhooks/endpoints' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain('webhooks:write');
    // A request bearing a token is the token's alone: a bad one is refused even beside a live session cookie.
    const badTokenWithCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/webhooks/endpoints',
      headers: { authorization: 'Bearer mkt_not_a_token', cookie: seller.cookie },
    });
    expect(badTokenWithCookie.statusCode).toBe(401);
  });

  it("answers 404 for another seller's endpoint and delivery, and keeps ten endpoints at most", async () => {
    const { ctx, seller } = await shop();
    const stranger = await createUser(ctx);
    const endpoint = await register(ctx, seller, 'https://hooks.example.com/a');
    const delivery = await sendTest(ctx, seller, endpoint._id);
    const calls = [
      { method: 'PUT' as const, url: `/api/webhooks/endpoints/${endpoint._id}`, payload: { enabled: false } },
      { method: 'DELETE' as const, url: `/api/webhooks/endpoints/${endpoint._id}` },
      { method: 'POST' as const, url: `/api/webhooks/endpoints/${endpoint._id}/test` },
      { method: 'GET' as const, url: `/api/webhooks/endpoints/${endpoint._id}/deliveries` },
      { method: 'POST' as const, url: `/api/webhooks/deliveries/${delivery._id}/replay` },
    ];
    const statuses = await Promise.all(calls.map(async (call) => (await injectAs(ctx, stranger, call)).statusCode));
    expect(statuses).toEqual([404, 404, 404, 404, 404]);
    expect((await injectAs(ctx, stranger, { method: 'GET', url: '/api/webhooks/endpoints' })).json()).toEqual({ endpoints: [] });
    expect((await injectAs(ctx, null, { method: 'GET', url: '/api/webhooks/endpoints' })).statusCode).toBe(401);

    for (let index = 1; index < 10; index += 1) await register(ctx, seller, `https://hooks.example.com/${index}`);
    const eleventh = await injectAs(ctx, seller, {
      method: 'POST',
      url: '/api/webhooks/endpoints',
      payload: { url: 'https://hooks.example.com/11', events: ['order.paid'] },
    });
    expect(eleventh.statusCode).toBe(409);
    const withPassword = await injectAs(ctx, seller, {
      method: 'POST',
      url: '/api/webhooks/endpoints',
      payload: { url: 'https://user:pass@hooks.example.com/', events: ['order.paid'] },
    });
    expect(withPassword.statusCode).toBe(400);
  });
});

function rowOf(sellerId: string, url: string) {
  return {
    seller_id: sellerId,
    url,
    events: JSON.stringify(['order.paid']),
    secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    previous_secret: null,
    previous_secret_expires_at: null,
    disabled_at: null,
    disabled_reason: null,
    created_at: '2026-01-15T10:00:00.000Z',
  };
}
