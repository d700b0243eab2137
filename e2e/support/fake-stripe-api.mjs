// A local HTTP server that answers like the Stripe API for the browser journeys: the server's
// `stripe` SDK creates and retrieves payment intents here (STRIPE_API_URL), and the fake
// Stripe.js of the page confirms cards here (its calls to api.stripe.com are routed to it).
// Started by Playwright as a webServer: `node e2e/support/fake-stripe-api.mjs <port>`.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

// The keys come from the Playwright config (support/ports.ts), which gives the app server the same.
const FAKE_STRIPE_SECRET_KEY = process.env.STRIPE_SECRET_KEY;
const FAKE_STRIPE_PUBLISHABLE_KEY = process.env.STRIPE_PUBLISHABLE_KEY;

const SUCCEEDING_CARD = '4242424242424242';
const port = Number(process.argv[2] ?? 3113);
const intents = new Map();

async function formOf(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const form = await formOf(request);
  const answer = (status, body) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(6).toString('hex')}`,
      'access-control-allow-origin': '*',
    });
    response.end(JSON.stringify(body));
  };
  const fail = (status, error) => answer(status, { error });
  if (url.pathname === '/health') return answer(200, { ok: true });

  const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
  const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname);
  if (request.method === 'POST' && confirm) {
    // What Stripe.js does in the page: publishable key, the intent's client secret, the card.
    if (key !== FAKE_STRIPE_PUBLISHABLE_KEY) return fail(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
    const intent = intents.get(decodeURIComponent(confirm[1]));
    if (!intent || form.get('client_secret') !== intent.client_secret) {
      return fail(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' });
    }
    const number = (form.get('payment_method_data[card][number]') ?? '').replace(/\s/g, '');
    if (number !== SUCCEEDING_CARD) {
      intent.status = 'requires_payment_method';
      return fail(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
    }
    intent.status = 'succeeded';
    return answer(200, intent);
  }

  if (key !== FAKE_STRIPE_SECRET_KEY) return fail(401, { type: 'invalid_request_error', message: 'Invalid API Key provided' });
  if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const metadata = {};
    for (const [name, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(name);
      if (match) metadata[match[1]] = value;
    }
    const intent = {
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
    intents.set(id, intent);
    return answer(200, intent);
  }
  const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname);
  if (request.method === 'GET' && retrieve) {
    const intent = intents.get(decodeURIComponent(retrieve[1]));
    if (!intent) return fail(404, { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' });
    return answer(200, intent);
  }
  return fail(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` });
});

server.listen(port, '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
