import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, onTestFailed } from 'vitest';
import { uniqueChannelPrefix } from './test/helper.js';
import { emptyPostgresDatabase, type ServerProcess, startServerProcess, waitUntilServing } from './test/processes.js';
import { ownRedisServer } from './test/redisServer.js';
import { readEventStream } from './test/reskin-chat.js';

/** The outage operators drilled: Redis away for a minute. Sleeping costs no CPU. */
const OUTAGE_MS = 60_000;

/** A demo user's session cookie on a server process, signing in as the browser does. */
async function signIn(server: ServerProcess, email: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/api/user/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: originOf(server) },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

const originOf = (server: ServerProcess) => `http://localhost:${new URL(server.url).port}`;

async function send(server: ServerProcess, cookie: string, productId: string, message: string): Promise<void> {
  const response = await fetch(`${server.url}/api/reskin/reskinFeatureUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: originOf(server), cookie },
    body: JSON.stringify({ productId, message }),
  });
  expect(response.status).toBe(201);
}

async function health(server: ServerProcess) {
  const response = await fetch(`${server.url}/api/health`);
  return {
    status: response.status,
    body: (await response.json()) as { status: string; dependencies?: { redis?: { status: string; reason?: string } } },
  };
}

/**
 * Two instances on one PostgreSQL database meeting in a redis-server of the test's own, which it stops
 * for a minute: both stay ready, nothing answers 503, `/api/health` says why it is degraded, and the chat
 * messages written on one instance meanwhile reach a stream open on the other once Redis is back.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('a Redis outage', () => {
  it(
    'keeps both instances ready and 0 requests at 503, and brings the outage’s chat messages to the other instance’s open stream within 5 s of Redis returning',
    { timeout: OUTAGE_MS + 120_000 },
    async () => {
      const redis = await ownRedisServer();
      const env = {
        DATABASE_URL: await emptyPostgresDatabase(),
        REDIS_URL: redis.url,
        EVENTS_CHANNEL_PREFIX: uniqueChannelPrefix(),
        SEED_DEMO_DATA: 'true',
        SHUTDOWN_DRAIN_SECONDS: '0',
      };
      const a = await startServerProcess(env);
      await waitUntilServing(a, 60_000);
      const b = await startServerProcess(env);
      await waitUntilServing(b, 60_000);
      onTestFailed(() => console.log(`instance A:\n${a.output()}\ninstance B:\n${b.output()}`));

      const buyer = await signIn(a, 'buyer@example.com', 'buyer12345');
      const admin = await signIn(b, 'admin@example.com', 'admin12345');
      const products = (await (await fetch(`${a.url}/api/product/uploaded-products`)).json()) as Array<{ _id: string }>;
      const productId = products[0]!._id;
      // The admin's chat page on instance B.
      const stream = await readEventStream(`${b.url}/api/reskin/stream`, admin, 'reskin');
      await send(a, buyer, productId, 'Yes');
      await expect.poll(() => stream.events.length, { timeout: 5_000 }).toBe(1);

      // A steady stream of requests, as a balancer would send, to both instances for the whole outage.
      const statuses: number[] = [];
      const readiness: number[] = [];
      const stopLoad = new AbortController();
      const load = (async () => {
        for (let round = 0; !stopLoad.signal.aborted; round += 1) {
          const server = round % 2 === 0 ? a : b;
          const [ready, catalogue] = await Promise.all([
            fetch(`${server.url}/api/health/ready`).then(
              (response) => response.status,
              () => 0,
            ),
            fetch(`${server.url}/api/product/uploaded-products`).then(
              (response) => response.status,
              () => 0,
            ),
          ]);
          readiness.push(ready);
          statuses.push(ready, catalogue);
          await sleep(100);
        }
      })();

      await redis.stop();
      const outageStarted = performance.now();
      await sleep(3_000);
      for (const server of [a, b]) {
        const during = await health(server);
        expect(during.status).toBe(200);
        expect(during.body).toMatchObject({
          status: 'degraded',
          dependencies: { redis: { status: 'failed', reason: expect.any(String) } },
        });
      }
      const outageMessages = ['During 1', 'During 2', 'During 3', 'During 4', 'During 5'];
      for (const message of outageMessages) {
        await send(a, buyer, productId, message);
        await sleep(5_000);
      }
      // Nothing crossed while Redis was away: B's stream had only what came before.
      expect(stream.events.length).toBe(1);
      await sleep(Math.max(0, OUTAGE_MS - (performance.now() - outageStarted)));

      await redis.start();
      const back = performance.now();
      await expect.poll(() => stream.events.length, { timeout: 15_000, interval: 50 }).toBeGreaterThanOrEqual(1 + outageMessages.length);
      const delayMs = Math.max(...stream.at.slice(1).map((at) => at - back));
      // A moment for a duplicate to show, should one come.
      await sleep(2_000);
      stopLoad.abort();
      await load;
      console.log(
        `Redis away ${Math.round(back - outageStarted)} ms; the outage's last message reached B's stream ${Math.round(delayMs)} ms ` +
          `after Redis returned; ${statuses.length} requests, ${statuses.filter((status) => status === 503).length} answered 503`,
      );

      const thread = (await (
        await fetch(`${a.url}/api/reskin/messages?productId=${productId}`, { headers: { cookie: buyer } })
      ).json()) as { messages: Array<{ _id: string; createdAt: string }> };
      expect(thread.messages).toHaveLength(1 + outageMessages.length);
      // Each message once, none missing, in the order the database wrote them.
      expect(stream.ids).toHaveLength(thread.messages.length);
      expect(stream.ids.every((id, index) => /^\d{16}$/.test(id!) && (index === 0 || id! > stream.ids[index - 1]!))).toBe(true);
      expect(delayMs).toBeLessThan(5_000);
      expect(readiness.length).toBeGreaterThan(100);
      expect(readiness.filter((status) => status !== 200)).toEqual([]);
      expect(statuses.filter((status) => status === 503)).toHaveLength(0);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
      await expect.poll(async () => (await health(b)).body.status, { timeout: 10_000 }).toBe('ok');
      expect(a.child.exitCode).toBeNull();
      expect(b.child.exitCode).toBeNull();
    },
  );
});
