// One fake of the Stripe API for every test: the server's `stripe` SDK creates, retrieves and cancels
// payment intents and refunds them here (STRIPE_API_URL), and the browser journeys' fake Stripe.js confirms cards here.
// Form-encoded requests, JSON answers, Stripe's error shape and status codes.
// Run alone (a Playwright webServer): `node packages/fake-stripe/index.mjs <port>`, keys from the environment.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';

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

async function formOf(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function metadataOf(form) {
  const metadata = {};
  for (const [name, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(name);
    if (match) metadata[match[1]] = value;
  }
  return metadata;
}

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

/** A fake Stripe API, not yet listening: `server.listen(port, '127.0.0.1')`. */
export function createFakeStripe({ secretKey, publishableKey }) {
  const intents = new Map();
  const requests = [];
  const refunds = [];
  const refundsByKey = new Map();

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const form = await formOf(request);
    const authorization = request.headers.authorization;
    requests.push({ method: request.method ?? '', path: url.pathname, authorization, contentType: request.headers['content-type'], form });
    const answer = (status, body) => {
      // Stripe.js calls from the page's origin, so its answers carry CORS.
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': requestId(), 'access-control-allow-origin': '*' });
      response.end(JSON.stringify(body));
    };
    const fail = (status, error) => answer(status, { error });
    if (url.pathname === '/health') return answer(200, { ok: true });

    const key = (authorization ?? '').replace(/^Bearer /, '');
    const route = (method, pattern) => (request.method === method ? pattern.exec(url.pathname) : null);

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
      return answer(200, intent);
    }

    if (key !== secretKey) return fail(401, badKey);
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
      const refund = {
        id: `re_${randomBytes(12).toString('hex')}`,
        object: 'refund',
        amount,
        payment_intent: intentId,
        status: 'succeeded',
        metadata: metadataOf(form),
      };
      refunds.push(refund);
      if (typeof idempotencyKey === 'string') refundsByKey.set(idempotencyKey, refund);
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
    return fail(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` });
  });

  return { server, intents, requests, refunds };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { server } = createFakeStripe({ secretKey: process.env.STRIPE_SECRET_KEY, publishableKey: process.env.STRIPE_PUBLISHABLE_KEY });
  server.listen(Number(process.argv[2] ?? 3113), '127.0.0.1');
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
}
