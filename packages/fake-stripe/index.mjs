// One fake of the Stripe API for every test: the server's `stripe` SDK creates, retrieves and cancels
// payment intents and refunds them here (STRIPE_API_URL), and the browser journeys' fake Stripe.js confirms cards here.
// Form-encoded requests, JSON answers, Stripe's error shape and status codes.
// Connect (connect.mjs): Express accounts, onboarding through account links, transfers and reversals, the
// balance, disputes. Events (events.mjs): every change recorded (GET /v1/events) and, when a webhook
// endpoint is configured, posted to it signed as Stripe signs. Test controls on the returned object, and
// for the journeys at `POST /__fake/<control>` (the secret key; a JSON array of the control's arguments).
// Run alone (a Playwright webServer): `node packages/fake-stripe/index.mjs <port>`, keys from the environment
// (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_WEBHOOK_URL).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { createBalanceTransactions } from './balance-transactions.mjs';
import { createConnect, metadataOf, pageOf } from './connect.mjs';
import { createEvents } from './events.mjs';

/** The one card number whose confirmation succeeds; any other is declined. */
export const SUCCEEDING_CARD = '4242424242424242';

const requestId = () => `req_${randomBytes(6).toString('hex')}`;
const noSuchIntent = (id) => ({
  type: 'invalid_request_error',
  code: 'resource_missing',
  param: 'intent',
  message: `No such payment_intent: '${id}'`,
});
const badKey = { type: 'invalid_request_error', message: 'Invalid API Key provided' };

async function bodyOf(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** Stripe's answer to a second request with a key whose first request asked something else. */
const idempotencyMismatch = (key) => ({
  type: 'idempotency_error',
  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
});

function newIntent(form) {
  const id = `pi_${randomBytes(12).toString('hex')}`;
  const metadata = metadataOf(form);
  return {
    id,
    object: 'payment_intent',
    amount: Number(form.get('amount')),
    currency: form.get('currency') ?? '',
    status: 'requires_payment_method',
    client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
    metadata,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
  };
}

/**
 * A fake Stripe API, not yet listening: `server.listen(port, '127.0.0.1')`. Webhooks go to `webhookUrl`
 * signed with `webhookSecret` (the server's STRIPE_WEBHOOK_SECRET); connected accounts' events to the
 * Connect endpoint when one is given, else to the same. `now` dates what the fake creates and signs.
 */
export function createFakeStripe({
  secretKey,
  publishableKey,
  webhookSecret = null,
  webhookUrl = null,
  connectWebhookSecret = null,
  connectWebhookUrl = null,
  now = () => new Date(),
}) {
  const clock = { now };
  const webhook = { url: webhookUrl, secret: webhookSecret, connectUrl: connectWebhookUrl, connectSecret: connectWebhookSecret };
  const intents = new Map();
  const requests = [];
  const refunds = [];
  const refundsByKey = new Map();
  const idempotent = new Map();
  const events = createEvents({ now: () => clock.now(), webhook });
  const balance = createBalanceTransactions({
    now: () => clock.now(),
    // Read only when a list asks for `data.source`, by when `connect` below exists.
    sourceOf: (id) => chargeOf(id) ?? refunds.find((refund) => refund.id === id) ?? connect.sourceOf(id),
  });
  const connect = createConnect({ now: () => clock.now(), intents, events, balance });

  /** The charge the fake gives every succeeded intent, `ch_<intent id>`, as Stripe shows it; null for any other id. */
  function chargeOf(id) {
    const intent = id.startsWith('ch_') ? intents.get(id.slice('ch_'.length)) : undefined;
    if (!intent) return null;
    return {
      id,
      object: 'charge',
      amount: intent.amount,
      amount_refunded: intent.amount_refunded ?? 0,
      currency: intent.currency,
      payment_intent: intent.id,
      refunded: (intent.amount_refunded ?? 0) === intent.amount,
    };
  }

  /** Every control, on the returned object and at `POST /__fake/<name>` for the journeys. */
  const controls = {
    ...connect.controls,
    /** Records an event Stripe would send (`account` for a connected account's) and sends it; resolves to `{ event, delivery }`. */
    async sendEvent(type, object, options = {}) {
      const event = events.record(type, object, options);
      return { event, delivery: await events.dispatch(event) };
    },
    /** Sends a recorded event again, as Stripe retries or as a replay would; resolves to the endpoint's answer. */
    redeliver(eventId, options) {
      const event = events.events.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`No event ${eventId}`);
      return events.deliver(event, options);
    },
    /** Resolves once every webhook under way has been answered. */
    settled: () => events.settled(),
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const raw = await bodyOf(request);
    const form = new URLSearchParams(raw);
    const authorization = request.headers.authorization;
    requests.push({ method: request.method ?? '', path: url.pathname, authorization, contentType: request.headers['content-type'], form });
    const id = requestId();
    const answer = (status, body, headers = {}) => {
      // Stripe.js calls from the page's origin, so its answers carry CORS.
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id, 'access-control-allow-origin': '*', ...headers });
      response.end(JSON.stringify(body));
    };
    const fail = (status, error) => answer(status, { error });
    if (url.pathname === '/health') return answer(200, { ok: true });

    const key = (authorization ?? '').replace(/^Bearer /, '');
    const route = (method, pattern) => (request.method === method ? pattern.exec(url.pathname) : null);

    const onboarding = route('GET', /^\/connect\/onboarding\/([^/]+)\/([^/]+)$/);
    if (onboarding) {
      // The page Stripe hosts: the browser arrives here from the platform, with no key.
      const outcome = await connect.followAccountLink(decodeURIComponent(onboarding[1]), decodeURIComponent(onboarding[2]));
      response.writeHead(
        outcome.status,
        outcome.location ? { location: outcome.location } : { 'content-type': 'text/html; charset=utf-8' },
      );
      return response.end(outcome.html ?? '');
    }

    const confirm = route('POST', /^\/v1\/payment_intents\/([^/]+)\/confirm$/);
    if (confirm) {
      // What Stripe.js does in the page: the publishable key, the intent's client secret, the card.
      if (key !== publishableKey) return fail(401, badKey);
      const intent = intents.get(decodeURIComponent(confirm[1]));
      if (!intent || form.get('client_secret') !== intent.client_secret) return fail(404, noSuchIntent(confirm[1]));
      const number = (form.get('payment_method_data[card][number]') ?? '').replace(/\s/g, '');
      if (number !== SUCCEEDING_CARD) {
        intent.status = 'requires_payment_method';
        return fail(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        });
      }
      intent.status = 'succeeded';
      balance.record({ type: 'charge', amount: intent.amount, currency: intent.currency, source: `ch_${intent.id}` });
      void events.dispatch(events.record('payment_intent.succeeded', intent, { request: { id } }));
      return answer(200, intent);
    }

    if (key !== secretKey) return fail(401, badKey);
    const control = route('POST', /^\/__fake\/([A-Za-z]+)$/);
    if (control) {
      const run = Object.hasOwn(controls, control[1]) ? controls[control[1]] : null;
      if (!run) return fail(404, { type: 'invalid_request_error', message: `No control '${control[1]}'` });
      try {
        const args = raw ? JSON.parse(raw) : [];
        return answer(200, (await run(...(Array.isArray(args) ? args : [args]))) ?? null);
      } catch (error) {
        return fail(400, { type: 'invalid_request_error', message: error instanceof Error ? error.message : String(error) });
      }
    }

    if (route('POST', /^\/v1\/payment_intents$/)) {
      const intent = newIntent(form);
      intents.set(intent.id, intent);
      return answer(200, intent);
    }
    const cancel = route('POST', /^\/v1\/payment_intents\/([^/]+)\/cancel$/);
    if (cancel) {
      const intent = intents.get(decodeURIComponent(cancel[1]));
      if (!intent) return fail(404, noSuchIntent(cancel[1]));
      if (intent.status === 'succeeded' || intent.status === 'canceled') {
        return fail(400, {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
        });
      }
      intent.status = 'canceled';
      return answer(200, intent);
    }
    if (route('POST', /^\/v1\/refunds$/)) {
      // Stripe answers a repeated Idempotency-Key with the first answer, and refunds nothing again.
      const idempotencyKey = request.headers['idempotency-key'];
      const earlier = typeof idempotencyKey === 'string' ? refundsByKey.get(idempotencyKey) : undefined;
      if (earlier) return answer(200, earlier);
      const intentId = form.get('payment_intent') ?? '';
      const intent = intents.get(intentId);
      if (!intent) return fail(404, noSuchIntent(intentId));
      const amount = Number(form.get('amount') ?? intent.amount - (intent.amount_refunded ?? 0));
      if (intent.status !== 'succeeded' || (intent.amount_refunded ?? 0) + amount > intent.amount) {
        return fail(400, {
          type: 'invalid_request_error',
          code: 'charge_already_refunded',
          message: `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge.`,
        });
      }
      intent.amount_refunded = (intent.amount_refunded ?? 0) + amount;
      const refundId = `re_${randomBytes(12).toString('hex')}`;
      const refund = {
        id: refundId,
        object: 'refund',
        amount,
        balance_transaction: balance.record({ type: 'refund', amount: -amount, currency: intent.currency, source: refundId }).id,
        payment_intent: intentId,
        status: 'succeeded',
        metadata: metadataOf(form),
      };
      refunds.push(refund);
      if (typeof idempotencyKey === 'string') refundsByKey.set(idempotencyKey, refund);
      const charge = {
        id: `ch_${intent.id}`,
        object: 'charge',
        amount: intent.amount,
        amount_refunded: intent.amount_refunded,
        currency: intent.currency,
        payment_intent: intent.id,
        refunded: intent.amount_refunded === intent.amount,
      };
      void events.dispatch(events.record('charge.refunded', charge, { request: { id, idempotencyKey } }));
      return answer(200, refund);
    }
    if (route('GET', /^\/v1\/refunds$/)) {
      // As Stripe's list: newest first, filtered by the intent when one is named.
      const intentId = url.searchParams.get('payment_intent');
      const data = refunds.filter((refund) => !intentId || refund.payment_intent === intentId).toReversed();
      return answer(200, { object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    const retrieve = route('GET', /^\/v1\/payment_intents\/([^/]+)$/);
    if (retrieve) {
      const intent = intents.get(decodeURIComponent(retrieve[1]));
      if (!intent) return fail(404, noSuchIntent(retrieve[1]));
      // As Stripe: the charge is an id unless the request expands it.
      if (![...url.searchParams.values()].includes('latest_charge')) return answer(200, intent);
      const charge = { id: `ch_${intent.id}`, object: 'charge', payment_intent: intent.id, amount_refunded: intent.amount_refunded ?? 0 };
      return answer(200, { ...intent, latest_charge: intent.status === 'succeeded' ? charge : null });
    }
    if (route('GET', /^\/v1\/events$/)) {
      const type = url.searchParams.get('type');
      const listed = events.events.filter((event) => !type || event.type === type).toReversed();
      return answer(200, pageOf(listed, '/v1/events', url.searchParams));
    }
    const event = route('GET', /^\/v1\/events\/([^/]+)$/);
    if (event) {
      const found = events.events.find((candidate) => candidate.id === decodeURIComponent(event[1]));
      if (found) return answer(200, found);
      return fail(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such event: '${event[1]}'` });
    }

    const balanceRoute = balance.route({ method: request.method ?? '', path: url.pathname, query: url.searchParams });
    if (balanceRoute) return answer(balanceRoute.status, balanceRoute.body);

    const stripeAccount = request.headers['stripe-account'];
    const connectRoute = connect.route({
      method: request.method ?? '',
      path: url.pathname,
      query: url.searchParams,
      form,
      origin: `http://${request.headers.host ?? '127.0.0.1'}`,
      request: { id, idempotencyKey: request.headers['idempotency-key'] ?? null },
      connectedAccount: typeof stripeAccount === 'string' ? stripeAccount : null,
    });
    if (connectRoute) {
      const idempotencyKey = request.headers['idempotency-key'];
      if (!connectRoute.idempotent || typeof idempotencyKey !== 'string') {
        const { status, body } = connectRoute.run();
        return answer(status, body);
      }
      // As Stripe: the first answer to a key, error or not, is the answer to every retry with it; a
      // request refused before it started (a missing parameter) is not kept; a key is for one request.
      const fingerprint = `${request.method} ${url.pathname}\n${raw}`;
      const earlier = idempotent.get(idempotencyKey);
      if (earlier && earlier.fingerprint !== fingerprint) return fail(400, idempotencyMismatch(idempotencyKey));
      if (earlier) return answer(earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
      const { status, body, saved = true } = connectRoute.run();
      if (saved) idempotent.set(idempotencyKey, { fingerprint, status, body: structuredClone(body) });
      return answer(status, body);
    }
    return fail(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` });
  });

  return {
    server,
    intents,
    requests,
    refunds,
    accounts: connect.accounts,
    transfers: connect.transfers,
    disputes: connect.disputes,
    /** The platform's balance transactions, oldest first. */
    balanceTransactions: balance.recorded,
    events: events.events,
    deliveries: events.deliveries,
    webhook,
    /** The body and `Stripe-Signature` header Stripe would post for `event`, for a test that delivers it itself. */
    signedEvent: (event, options) => events.signed(event, options),
    /** Dates what the fake creates and signs by another clock (a test's injected one). */
    useClock(next) {
      clock.now = next;
    },
    ...controls,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { server } = createFakeStripe({
    secretKey: process.env.STRIPE_SECRET_KEY,
    publishableKey: process.env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? null,
    webhookUrl: process.env.STRIPE_WEBHOOK_URL ?? null,
  });
  server.listen(Number(process.argv[2] ?? 3113), '127.0.0.1');
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
}
