import { existsSync } from 'node:fs';
import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { PGBOUNCER, startPgbouncer } from '../test/pgbouncer.js';
import { startOwnPostgres } from '../test/postgresCluster.js';
import { startServerProcess, waitUntilServing } from '../test/processes.js';

// Debian's pgbouncer: skipped on a machine without it, but CI installs it, and there a missing one fails.
const runnable = process.env.TEST_DB === 'postgres' && (existsSync(PGBOUNCER) || Boolean(process.env.CI));

describe.runIf(runnable)('the app behind PgBouncer in transaction mode', () => {
  it('migrates, seeds, takes turns at start, and serves reads and transactional writes through it', async () => {
    const postgres = await startOwnPostgres();
    const bouncer = await startPgbouncer(postgres.port);
    // As README says to: PgBouncer cannot pass the app's own statement timeout, so the role carries it
    // (migrations, on the direct URL, lift it for their connection).
    const setup = new Client({ connectionString: postgres.url });
    await setup.connect();
    await setup.query(`alter role postgres set statement_timeout = '30s'`);
    await setup.end();

    // Two instances started together: migrations go straight to PostgreSQL (the migrator's lock is a
    // session's), seeding and everything after through PgBouncer, the second waiting for the first's
    // startup lock.
    const env = { DATABASE_URL: bouncer.url, DATABASE_DIRECT_URL: postgres.url, SEED_DEMO_DATA: 'true' };
    const pair = await Promise.all([1, 2].map(() => startServerProcess(env)));
    await Promise.all(pair.map((instance) => waitUntilServing(instance, 120_000)));
    // A third started later is not kept waiting by a lock left behind on a pooled server connection.
    const late = await startServerProcess(env);
    await waitUntilServing(late, 30_000);

    const products = (await (await fetch(`${late.url}/api/product/popular`)).json()) as Array<{ _id: string }>;
    expect(products.length).toBeGreaterThan(1);

    // A sign-up (user and session), then the cart's delete-and-insert transaction, read back on another instance.
    const password = 'violet-harbour-engine-42';
    const signUp = await fetch(`${late.url}/api/user/addUser`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Pooled Buyer',
        email: 'pooled@example.com',
        number: '+1 555 0199',
        role: 'User',
        password,
        confirmPassword: password,
      }),
    });
    expect(signUp.status).toBe(201);
    const cookie = signUp.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const items = products
      .slice(0, 2)
      .map((product) => ({ productId: product._id, selectedLicense: 'Single App License', isReskin: 'false' }));
    const put = await fetch(`${late.url}/api/cart`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ items }),
    });
    expect(put.status).toBe(200);
    const cart = (await (await fetch(`${pair[0]!.url}/api/cart`, { headers: { cookie } })).json()) as {
      items: Array<{ _id: string }>;
    };
    expect(cart.items.map((item) => item._id)).toEqual(items.map((item) => item.productId));

    // It all went through PgBouncer: its log has the instances' logins, and PostgreSQL saw no more
    // connections than PgBouncer's pool (5) and this check's own.
    expect(bouncer.log()).toContain('login attempt: db=postgres user=postgres');
    const direct = new Client({ connectionString: postgres.url });
    await direct.connect();
    const { rows } = await direct.query<{ open: number }>(
      `select count(*)::int as open from pg_stat_activity where backend_type = 'client backend'`,
    );
    // Neither the migrator's lock nor the startup lock is left held on a server connection PgBouncer keeps open.
    const locks = await direct.query<{ held: number }>(`select count(*)::int as held from pg_locks where locktype = 'advisory'`);
    await direct.end();
    expect(rows[0]!.open).toBeLessThanOrEqual(6);
    expect(locks.rows[0]!.held).toBe(0);
    for (const instance of [...pair, late]) expect(instance.child.exitCode).toBeNull();
  }, 240_000);
});
