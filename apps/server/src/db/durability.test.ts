import { describe, expect, it } from 'vitest';
import { startOwnPostgres } from '../test/postgresCluster.js';
import { startServerProcess } from '../test/processes.js';
import { judgeDurability, openDatabase, readDurabilitySettings } from './index.js';

async function settingsOf(url: string) {
  const database = openDatabase({ url });
  try {
    return await readDurabilitySettings(database.db);
  } finally {
    await database.destroy();
  }
}

const production = { production: true, allowUnsafe: false };

// Reads the real settings of two PostgreSQL servers: the shared one, and one of its own started with fsync=off.
describe.runIf(process.env.TEST_DB === 'postgres')('PostgreSQL durability at start', () => {
  it('lets production start on a server that keeps what it confirmed', async () => {
    const settings = await settingsOf(process.env.TEST_DATABASE_URL!);

    expect(settings).toEqual({ fsync: 'on', synchronous_commit: 'on', full_page_writes: 'on' });
    expect(judgeDurability(settings, production)).toEqual({ kind: 'safe' });
  });

  it('refuses to start production on a server with fsync off, unless ALLOW_UNSAFE_DURABILITY=true', async () => {
    const postgres = await startOwnPostgres();
    const settings = await settingsOf(postgres.url);
    const env = { NODE_ENV: 'production', ALLOW_SIMULATED_PAYMENTS: 'true', DATABASE_URL: postgres.url };
    const refused = await startServerProcess(env);
    const allowed = await startServerProcess({ ...env, ALLOW_UNSAFE_DURABILITY: 'true' });

    expect(settings.fsync).toBe('off');
    expect(judgeDurability(settings, production)).toMatchObject({ kind: 'refuse' });
    expect(judgeDurability(settings, { production: true, allowUnsafe: true })).toMatchObject({ kind: 'warn' });
    expect(judgeDurability(settings, { production: false, allowUnsafe: false })).toMatchObject({ kind: 'warn' });
    // Allowed: it says so and goes on to its migrations rather than exiting.
    await expect.poll(() => allowed.output(), { timeout: 20_000 }).toContain('PostgreSQL runs with fsync=off');
    expect(allowed.child.exitCode).toBeNull();
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(
      'PostgreSQL runs with fsync=off: a crash or power cut may lose writes it confirmed (purchases, payments). Turn it on, or set ALLOW_UNSAFE_DURABILITY=true to start anyway.',
    );
  });
});
