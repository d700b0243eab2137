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
