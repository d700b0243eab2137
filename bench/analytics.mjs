// The `analytics` scenario (docs/decisions/0020): what counting a view or a cart event costs its
// request. In process, the recorder's `record` call the view and cart routes make, timed call by
// call; then, over HTTP in the demo shop, the cart event's whole request beside a bare server
// answering its bytes, and a check that every answered event is in the roll-up once.
import { AnalyticsRecorder } from '../apps/server/dist/modules/analytics/index.js';
import { measure, startBareServerProcess } from './harness.mjs';
import { startDemoShop } from './lighthouse.mjs';
import { printTable } from './table.mjs';

/** The aim: counting an event adds under 1 ms to its request. */
export const ANALYTICS_AIM_MS = 1;
const CALLS = 1_000_000;
const PRODUCTS = 1_000;
const REFERRERS = ['', 'newsletter', 'news.example.com', 'twitter.com', 'reddit.com'];
/** Distinct visitor addresses (X-Forwarded-For through one trusted hop): each is allowed 60 events a minute. */
const ADDRESSES = 20_000;
/** Events sent one by one and then looked for in the roll-up. */
const CHECKED_EVENTS = 2_000;
const SELLER = { email: 'seller@example.com', password: 'seller12345' };

const addressOf = (/** @type {number} */ index) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

/** The record call alone, as the routes make it: mean over a million calls, and the slowest 1 % of single calls. */
export function measureRecordCall() {
  const recorder = new AnalyticsRecorder(async () => undefined, { now: () => new Date() });
  const products = Array.from({ length: PRODUCTS }, (_, index) => `product-${index}`);
  const productOf = (/** @type {number} */ index) => products[index % PRODUCTS] ?? '';
  for (let index = 0; index < 10_000; index += 1)
    recorder.record('views', productOf(index), REFERRERS[Math.floor(index / PRODUCTS) % REFERRERS.length] || null);
  const started = process.hrtime.bigint();
  for (let index = 0; index < CALLS; index += 1) {
    recorder.record(
      index % 3 === 0 ? 'carts' : 'views',
      productOf(index),
      REFERRERS[Math.floor(index / PRODUCTS) % REFERRERS.length] || null,
    );
  }
  const meanUs = Number(process.hrtime.bigint() - started) / CALLS / 1000;
  const single = [];
  for (let index = 0; index < 100_000; index += 1) {
    const before = process.hrtime.bigint();
    recorder.record('carts', productOf(index), REFERRERS[Math.floor(index / PRODUCTS) % REFERRERS.length] || null);
    single.push(Number(process.hrtime.bigint() - before) / 1000);
  }
  single.sort((a, b) => a - b);
  return {
    calls: CALLS,
    keys: recorder.waiting,
    meanUs: Math.round(meanUs * 1000) / 1000,
    p99Us: Math.round((single[Math.floor(single.length * 0.99)] ?? 0) * 1000) / 1000,
    maxUs: Math.round((single.at(-1) ?? 0) * 1000) / 1000,
  };
}

/**
 * The cart event's request in the demo shop beside a bare server answering its bytes, then
 * CHECKED_EVENTS more, each looked for in the seller's analytics (which flushes before it reads).
 * @param {{ connections: number, seconds: number, warmup: number, log: (line: string) => void }} options
 */
export async function measureCartEvents({ connections, seconds, warmup, log }) {
  // One trusted hop: the visitors' addresses come in X-Forwarded-For, so each stays under the per-address limit.
  const shop = await startDemoShop({ TRUST_PROXY: '1' });
  try {
    const seller = await signIn(shop.url);
    const products = /** @type {Array<{ _id: string }>} */ (
      await (await fetch(`${shop.url}/api/user/analytics/products`, { headers: { cookie: seller } })).json()
    );
    let productId = '';
    for (const product of products) {
      const tried = await fetch(`${shop.url}/api/analytics/cart/${product._id}?referrer=bench`, {
        method: 'POST',
        headers: { 'x-forwarded-for': addressOf(0) },
      });
      if (tried.status === 202) {
        productId = product._id;
        break;
      }
    }
    if (!productId) throw new Error('the demo seller has no approved product');
    const url = `${shop.url}/api/analytics/cart/${productId}?referrer=newsletter`;
    const headerSets = Array.from({ length: ADDRESSES }, (_, index) => ({ 'x-forwarded-for': addressOf(index + 1) }));
    const server = await measure({ url, connections, duration: seconds, warmup, method: 'POST', headerSets });
    log(`  measured the cart event: ${Math.round(server.requestsPerSecond)} req/s, p50 ${server.p50Ms} ms, p99 ${server.p99Ms} ms`);
    const { body, headers } = await snapshotPost(url);
    const bare = await startBareServerProcess(body, headers);
    let bareFigures;
    try {
      // The same header sets in turn: rotated requests cost the client alike on both sides (bench/run.mjs).
      bareFigures = await measure({ url: bare.url, connections, duration: seconds, warmup, method: 'POST', headerSets });
    } finally {
      await bare.close();
    }
    log(
      `  measured a bare answer of its bytes: ${Math.round(bareFigures.requestsPerSecond)} req/s, p50 ${bareFigures.p50Ms} ms, p99 ${bareFigures.p99Ms} ms`,
    );

    // Every answered event is in the roll-up once: read, send CHECKED_EVENTS, read again.
    const before = await cartsOf(shop.url, seller, productId);
    let answered = 0;
    for (let start = 0; start < CHECKED_EVENTS; start += 50) {
      const batch = Array.from({ length: Math.min(50, CHECKED_EVENTS - start) }, (_, offset) =>
        fetch(url, { method: 'POST', headers: { 'x-forwarded-for': addressOf(ADDRESSES + 1 + start + offset) } }).then((response) => {
          if (response.status === 202) answered += 1;
        }),
      );
      await Promise.all(batch);
    }
    const after = await cartsOf(shop.url, seller, productId);
    if (answered !== CHECKED_EVENTS || after - before !== answered) {
      throw new Error(`${answered} of ${CHECKED_EVENTS} events answered, ${after - before} counted`);
    }
    log(`  ${answered} more events answered, ${after - before} counted in the roll-up`);
    return { server, bare: bareFigures, checkedEvents: answered, countedEvents: after - before };
  } finally {
    await shop.close();
  }
}

async function signIn(/** @type {string} */ baseUrl) {
  const response = await fetch(`${baseUrl}/api/user/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(SELLER),
  });
  if (!response.ok) throw new Error(`sign-in refused: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Today's add-to-cart count of the product in the seller's analytics. */
async function cartsOf(/** @type {string} */ baseUrl, /** @type {string} */ cookie, /** @type {string} */ productId) {
  const today = new Date().toISOString().slice(0, 10);
  const response = await fetch(`${baseUrl}/api/user/analytics?from=${today}&to=${today}&productId=${productId}`, { headers: { cookie } });
  if (!response.ok) throw new Error(`analytics refused: ${response.status} ${await response.text()}`);
  return /** @type {{ totals: { carts: number } }} */ (await response.json()).totals.carts;
}

/** The answer's bytes and headers, for a bare server to answer the same (harness.mjs's `snapshot` sends GETs). */
async function snapshotPost(/** @type {string} */ url) {
  const response = await fetch(url, { method: 'POST', headers: { 'x-forwarded-for': '192.0.2.1' } });
  const body = Buffer.from(await response.arrayBuffer());
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, value] of response.headers)
    if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) headers[name] = value;
  return { body, headers };
}

/**
 * @param {ReturnType<typeof measureRecordCall>} record
 * @param {Awaited<ReturnType<typeof measureCartEvents>>} http
 */
export function printAnalytics(record, http) {
  console.log('');
  printTable(
    ['what', 'mean', 'p50', 'p99', 'aim'],
    [
      [
        `record call (${record.calls.toLocaleString('en')} calls, ${record.keys.toLocaleString('en')} keys)`,
        `${record.meanUs} µs`,
        '',
        `${record.p99Us} µs`,
        `< ${ANALYTICS_AIM_MS} ms ${record.p99Us < ANALYTICS_AIM_MS * 1000 ? '✔' : '✘'}`,
      ],
      [
        'cart event request',
        `${Math.round(http.server.requestsPerSecond)} req/s`,
        `${http.server.p50Ms} ms`,
        `${http.server.p99Ms} ms`,
        '',
      ],
      [
        'bare answer of its bytes',
        `${Math.round(http.bare.requestsPerSecond)} req/s`,
        `${http.bare.p50Ms} ms`,
        `${http.bare.p99Ms} ms`,
        '',
      ],
      ['events answered, then counted', `${http.checkedEvents} / ${http.countedEvents}`, '', '', 'all, once'],
    ],
    [0, 4],
  );
}
