// Stripe's events and their webhooks: every change the fake makes is recorded as an event (GET /v1/events),
// and, when an endpoint is configured, sent to it signed as Stripe signs: a `Stripe-Signature` header
// `t=<seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by the endpoint's whsec_ secret>`, which the
// `stripe` SDK's `webhooks.constructEvent` verifies. Events about a connected account carry its id in
// `account` and go to the Connect endpoint (Stripe keeps those apart, each with a secret of its own);
// without one configured they go to the platform's endpoint.
import { createHmac, randomBytes } from 'node:crypto';

/** The API version of the `stripe` SDK the server uses; Stripe renders an event's data in one version. */
export const API_VERSION = '2026-10-28.endive';

const seconds = (date) => Math.floor(date.getTime() / 1000);

/** The `Stripe-Signature` header of `payload` signed with `secret` at `timestamp` (seconds). */
export function signatureHeader(payload, secret, timestamp) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

/**
 * The fake's event log and webhook sender. `webhook` is the caller's object, read at every delivery,
 * so a test may point it at its app once that listens.
 */
export function createEvents({ now, webhook }) {
  const events = [];
  const deliveries = [];
  const underway = new Set();

  /** Records an event as Stripe does when `object` changed; its data is a copy, as Stripe's never changes. */
  function record(type, object, { account, previousAttributes, request } = {}) {
    const event = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: API_VERSION,
      created: seconds(now()),
      data: { object: structuredClone(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
      livemode: false,
      pending_webhooks: endpointOf({ account }).url ? 1 : 0,
      request: { id: request?.id ?? null, idempotency_key: request?.idempotencyKey ?? null },
      type,
      ...(account ? { account } : {}),
    };
    events.push(event);
    return event;
  }

  function endpointOf(event) {
    if (event.account && webhook.connectUrl) return { url: webhook.connectUrl, secret: webhook.connectSecret ?? webhook.secret };
    return { url: webhook.url, secret: event.account ? (webhook.connectSecret ?? webhook.secret) : webhook.secret };
  }

  /** The body Stripe posts (pretty-printed JSON, as Stripe sends it) and its signature header. */
  function signed(event, { secret, timestamp } = {}) {
    const key = secret ?? endpointOf(event).secret;
    if (!key) throw new Error('No webhook signing secret: pass webhookSecret to createFakeStripe (STRIPE_WEBHOOK_SECRET)');
    const payload = JSON.stringify(event, null, 2);
    return { payload, signature: signatureHeader(payload, key, timestamp ?? seconds(now())) };
  }

  /** Posts `event` to its endpoint (or `url`); resolves to the endpoint's answer, never rejects. */
  async function deliver(event, { url, secret, timestamp } = {}) {
    const target = url ?? endpointOf(event).url;
    if (!target) throw new Error('No webhook endpoint: pass webhookUrl to createFakeStripe (STRIPE_WEBHOOK_URL)');
    const { payload, signature } = signed(event, { secret, timestamp });
    const delivery = { eventId: event.id, type: event.type, url: target, status: 0, body: '' };
    try {
      const response = await fetch(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
      });
      delivery.status = response.status;
      delivery.body = await response.text();
    } catch (error) {
      delivery.error = error instanceof Error ? error.message : String(error);
    }
    deliveries.push(delivery);
    return delivery;
  }

  /**
   * What Stripe does after the change: the event goes to its endpoint, if one is configured, once the
   * current answer is on its way (an API call's answer never waits for its webhooks). Resolves to the
   * delivery, or null without an endpoint.
   */
  function dispatch(event) {
    if (!endpointOf(event).url) return Promise.resolve(null);
    const sending = new Promise((resolve) => setImmediate(resolve)).then(() => deliver(event));
    underway.add(sending);
    void sending.finally(() => underway.delete(sending));
    return sending;
  }

  /** Resolves once every delivery under way has been answered. */
  async function settled() {
    while (underway.size) await Promise.all(underway);
  }

  return { events, deliveries, record, signed, deliver, dispatch, settled };
}
