import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { emptyPostgresDatabase, startServerProcess, waitUntilServing } from './test/processes.js';

// Several instances over one database is the PostgreSQL deployment; SQLite is the single-instance default.
describe.runIf(process.env.TEST_DB === 'postgres')('instances started together on an empty database', () => {
  it('all serve, with one configured admin and the demo data loaded once', async () => {
    const databaseUrl = await emptyPostgresDatabase();
    const env = {
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'a-long-owner-password',
      SEED_DEMO_DATA: 'true',
    };
    const instances = await Promise.all([1, 2, 3].map(() => startServerProcess(env)));

    await Promise.all(instances.map((instance) => waitUntilServing(instance, 90_000)));

    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    // int4, which node-postgres reads as a number whether or not a module loaded in this worker
    // (db/connection.ts) changed how it reads count's int8.
    const users = await client.query<{ email: string; count: number }>(
      'select email, count(*)::int as count from users group by email order by email',
    );
    const products = await client.query<{ count: string }>('select count(*) as count from products');
    await client.end();
    expect(users.rows).toEqual([
      { email: 'admin@example.com', count: 1 },
      { email: 'buyer@example.com', count: 1 },
      { email: 'owner@example.com', count: 1 },
      { email: 'seller@example.com', count: 1 },
    ]);
    expect(Number(products.rows[0]!.count)).toBeGreaterThan(0);
    for (const instance of instances) {
      expect(instance.child.exitCode).toBeNull();
      expect((await fetch(`${instance.url}/api/health`)).status).toBe(200);
    }
  }, 180_000);
});
