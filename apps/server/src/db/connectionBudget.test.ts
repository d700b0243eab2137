import { Client } from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startOwnPostgres } from '../test/postgresCluster.js';
import { type ServerProcess, startServerProcess, waitUntilServing } from '../test/processes.js';

/** A login that is not a superuser, as production's is: the reserved slots are not its to take. */
async function appRoleOn(serverUrl: string): Promise<string> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query('create role market login');
  await admin.query('create database market owner market');
  await admin.end();
  const url = new URL(serverUrl);
  url.username = 'market';
  url.pathname = '/market';
  return url.toString();
}

async function holdConnections(url: string, count: number): Promise<void> {
  const clients = Array.from({ length: count }, () => new Client({ connectionString: url }));
  await Promise.all(clients.map((client) => client.connect()));
  onTestFinished(() => Promise.all(clients.map((client) => client.end())).then(() => undefined));
}

/**
 * Signs up as a client would over a tight budget: a 503 (the connections of the instance stopped
 * just before may not have left the server yet, or the budget is taken) is tried again after its
 * Retry-After, a few times.
 */
async function signedUp(server: ServerProcess): Promise<string> {
  const password = 'violet-harbour-engine-42';
  const signUp = () =>
    fetch(`${server.url}/api/user/addUser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Budget Tester',
        email: 'budget@example.com',
        number: '+1 555 0199',
        role: 'User',
        password,
        confirmPassword: password,
      }),
    });
  let response = await signUp();
  for (let attempt = 1; response.status === 503 && attempt < 5; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get('retry-after') ?? '1') * 1000));
    response = await signUp();
  }
  expect(response.status).toBe(201);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

// A server of the test's own with max_connections=15; runs with the PostgreSQL suite.
describe.runIf(process.env.TEST_DB === 'postgres')('the PostgreSQL connection budget', () => {
  it('is checked at start: a pool that cannot fit is warned of with the arithmetic, and requests over it answer 503', async () => {
    const postgres = await startOwnPostgres({ max_connections: 15 });
    const url = await appRoleOn(postgres.url);
    // Another instance's connections, or an operator's: 9 of the 12 a non-superuser may open.
    await holdConnections(url, 9);

    const fitting = await startServerProcess({ DATABASE_URL: url, DATABASE_POOL_MAX: '3' });
    await waitUntilServing(fitting, 90_000);
    expect(fitting.output()).not.toContain('connection budget');
    fitting.child.kill('SIGINT');
    await fitting.exited;

    const instance = await startServerProcess({ DATABASE_URL: url, DATABASE_POOL_MAX: '10' });
    await waitUntilServing(instance, 90_000);
    expect(instance.output()).toContain(
      'PostgreSQL connection budget exceeded: pool of 10 per instance, 9 of 15 connections in use, 3 reserved: 3 left.',
    );

    const cookie = await signedUp(instance);
    const answers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const response = await fetch(`${instance.url}/api/cart`, { headers: { cookie }, signal: AbortSignal.timeout(15_000) });
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.text() };
      }),
    );
    const statuses = answers.map((answer) => answer.status);
    console.info(
      `40 requests over a budget of 3 connections: ${statuses.filter((s) => s === 200).length} × 200, ${statuses.filter((s) => s === 503).length} × 503`,
    );
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    const refused = answers.filter((answer) => answer.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.retryAfter).toMatch(/^\d+$/);
      expect(JSON.parse(answer.body)).toEqual({ message: expect.stringContaining('database is not available') });
    }
    expect(instance.output()).toContain('53300');
    // What the server could give is enough for a request at a time.
    expect((await fetch(`${instance.url}/api/cart`, { headers: { cookie } })).status).toBe(200);
    expect(instance.child.exitCode).toBeNull();
  }, 180_000);
});
