import { describe, expect, it } from 'vitest';
import { startOwnPostgres } from '../test/postgresCluster.js';
import { type ServerProcess, startServerProcess, waitUntilServing } from '../test/processes.js';

async function timedGet(server: ServerProcess, path: string) {
  const started = Date.now();
  const response = await fetch(`${server.url}${path}`, { signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, ms: Date.now() - started };
}

// These tests stop and restart a PostgreSQL server of their own; they run with the PostgreSQL suite.
describe.runIf(process.env.TEST_DB === 'postgres')('a PostgreSQL outage', () => {
  it('is survived by every instance: within 10 s of a fast restart all serve again and none exited', async () => {
    const postgres = await startOwnPostgres();
    const instances = await Promise.all([1, 2].map(() => startServerProcess({ DATABASE_URL: postgres.url })));
    await Promise.all(instances.map((instance) => waitUntilServing(instance, 90_000)));
    // Several requests at once leave several idle pooled connections for the restart to cut.
    await Promise.all(instances.flatMap((instance) => Array.from({ length: 6 }, () => fetch(`${instance.url}/api/product/popular`))));

    postgres.restart();
    const restartedAt = Date.now();

    await Promise.all(instances.map((instance) => waitUntilServing(instance, 10_000)));
    expect(Date.now() - restartedAt).toBeLessThan(10_000);
    for (const instance of instances) expect(instance.child.exitCode).toBeNull();
  }, 180_000);

  it('loses no instance through 20 restarts under load, and fails only requests in flight at one', async () => {
    const began = Date.now();
    const postgres = await startOwnPostgres();
    const instances = await Promise.all([1, 2].map(() => startServerProcess({ DATABASE_URL: postgres.url })));
    await Promise.all(instances.map((instance) => waitUntilServing(instance, 90_000)));
    let exits = 0;
    for (const instance of instances) void instance.exited.then(() => exits++);
    const cookies = await Promise.all(instances.map((instance, index) => signedUp(instance, `restart-${index}@example.com`)));

    // Reads, a read that looks the session up, and a write in a transaction (the cart's delete and insert).
    const requests: Array<{ op: string; started: number; ended: number; outcome: number | string }> = [];
    const operations = [
      { op: 'GET popular', init: () => ({}), path: '/api/product/popular' },
      { op: 'GET cart', init: (cookie: string) => ({ headers: { cookie } }), path: '/api/cart' },
      {
        op: 'PUT cart',
        init: (cookie: string) => ({ method: 'PUT', headers: { cookie, 'content-type': 'application/json' }, body: '{"items":[]}' }),
        path: '/api/cart',
      },
    ];
    const load = { on: true };
    const worker = async (instance: ServerProcess, cookie: string, offset: number) => {
      for (let turn = offset; load.on; turn++) {
        const operation = operations[turn % operations.length]!;
        const started = Date.now();
        let outcome: number | string;
        try {
          const response = await fetch(`${instance.url}${operation.path}`, {
            ...operation.init(cookie),
            signal: AbortSignal.timeout(10_000),
          });
          await response.arrayBuffer();
          outcome = response.status;
        } catch (error) {
          outcome = (error as Error).message;
        }
        requests.push({ op: operation.op, started, ended: Date.now(), outcome });
        if (outcome !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const workers = instances.flatMap((instance, index) => [0, 1, 2].map((offset) => worker(instance, cookies[index]!, offset)));

    // From the restart's start until pg_ctl -w says the server accepts connections again.
    const windows: Array<{ mode: string; from: number; back: number }> = [];
    for (let round = 0; round < 20; round++) {
      await new Promise((resolve) => setTimeout(resolve, 700));
      const mode = round % 2 === 0 ? 'fast' : 'immediate';
      const from = Date.now();
      await postgres.restartInBackground(mode);
      windows.push({ mode, from, back: Date.now() });
      // Served again by both before the next restart, so each restart is judged on its own.
      await Promise.all(instances.map((instance) => waitUntilServing(instance, 15_000, '/api/health/ready')));
    }
    await new Promise((resolve) => setTimeout(resolve, 700));
    load.on = false;
    await Promise.all(workers);

    const failed = requests.filter((request) => request.outcome !== 200);
    const inFlightAtRestart = (request: (typeof requests)[number]) =>
      windows.some((window) => request.started <= window.back && request.ended >= window.from);
    const failuresPerRestart = windows.map(
      (window) => failed.filter((request) => request.started <= window.back && request.ended >= window.from).length,
    );
    console.info(
      `20 restarts in ${Date.now() - began} ms (restart windows ${windows.map((window) => window.back - window.from).join('/')} ms); ` +
        `${requests.length} requests, ${failed.length} failed, per restart ${failuresPerRestart.join(' ')}; ` +
        `outcomes ${JSON.stringify(countBy(failed.map((request) => `${request.op} ${request.outcome}`)))}`,
    );
    expect(exits).toBe(0);
    for (const instance of instances) expect(instance.child.exitCode).toBeNull();
    expect(failed.filter((request) => !inFlightAtRestart(request))).toEqual([]);
    // A restart is the database's passing state, answered as one: 503 (with Retry-After), never 500.
    expect(failed.filter((request) => request.outcome !== 503)).toEqual([]);
    // The load went on throughout: every kind of request succeeded between restarts.
    for (const { op } of operations)
      expect(requests.filter((request) => request.op === op && request.outcome === 200).length).toBeGreaterThan(40);
  }, 180_000);

  it('turns readiness to 503 within 3 s when the database stops or freezes, and back when it returns', async () => {
    const postgres = await startOwnPostgres();
    const instance = await startServerProcess({ DATABASE_URL: postgres.url });
    await waitUntilServing(instance, 90_000);
    expect((await timedGet(instance, '/api/health/ready')).status).toBe(200);

    postgres.stop();
    const stopped = await timedGet(instance, '/api/health/ready');
    expect(stopped).toMatchObject({ status: 503, body: { status: 'unavailable', checks: { database: 'failed' } } });
    expect(stopped.ms).toBeLessThan(3_000);
    expect((await timedGet(instance, '/api/health/live')).status).toBe(200);

    postgres.start();
    await waitUntilServing(instance, 10_000, '/api/health/ready');

    postgres.freeze();
    const frozen = await timedGet(instance, '/api/health/ready');
    postgres.thaw();
    expect(frozen).toMatchObject({ status: 503, body: { checks: { database: 'failed' } } });
    expect(frozen.ms).toBeLessThan(3_000);
    await waitUntilServing(instance, 10_000, '/api/health/ready');
    expect(instance.child.exitCode).toBeNull();
  }, 180_000);
});

/** A session cookie on a server process, by signing up as the browser does. */
async function signedUp(server: ServerProcess, email: string): Promise<string> {
  const password = 'violet-harbour-engine-42';
  const response = await fetch(`${server.url}/api/user/addUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Restart Tester', email, number: '+1 555 0199', role: 'User', password, confirmPassword: password }),
  });
  expect(response.status).toBe(201);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

function countBy(keys: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
  return counts;
}
