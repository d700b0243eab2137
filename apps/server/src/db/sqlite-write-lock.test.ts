import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDriver from 'better-sqlite3';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../app.js';
import { fixedClock } from '../platform/clock.js';
import { loadConfig } from '../platform/config.js';
import { createLogger } from '../platform/logger.js';
import { createServices } from '../services.js';
import { migrateToLatest, openDatabase } from './index.js';

const LOCK_WAIT_MS = 1_500;

/** The app over an SQLite file, and a second connection to that file, as another process would hold it. */
async function appOverFile() {
  const dir = mkdtempSync(path.join(tmpdir(), 'market-lock-'));
  const file = path.join(dir, 'marketplace.db');
  const database = openDatabase({ url: `sqlite:${file}`, sqliteLockWaitMs: LOCK_WAIT_MS });
  await migrateToLatest(database.db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false', DATA_DIR: dir });
  const log = createLogger('silent');
  const app = await buildApp({ config, database, services: createServices(database, fixedClock(new Date()), config, log), log });
  const other = new SqliteDriver(file);
  onTestFinished(async () => {
    if (other.inTransaction) other.exec('rollback');
    other.close();
    await app.close();
    await database.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  return { app, other };
}

const signUp = (app: Awaited<ReturnType<typeof appOverFile>>['app'], email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/user/addUser',
    payload: {
      name: 'Riley Lock',
      email,
      number: '+1 555 0199',
      password: 'violet-harbour-engine-42',
      confirmPassword: 'violet-harbour-engine-42',
      role: 'User',
    },
  });

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe.runIf(process.env.TEST_DB !== 'postgres')('an SQLite file whose write lock another process holds', () => {
  it('keeps answering health checks and reads while a write waits, and answers the write 503 with Retry-After', async () => {
    const { app, other } = await appOverFile();
    other.exec('begin immediate');

    const write = timed(() => signUp(app, 'waiting@example.com'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const live = await timed(() => app.inject({ method: 'GET', url: '/api/health/live' }));
    const read = await timed(() => app.inject({ method: 'GET', url: '/api/product/popular?period=all' }));
    const refused = await write;

    expect(live.value.statusCode).toBe(200);
    expect(live.ms).toBeLessThan(200);
    expect(read.value.statusCode).toBe(200);
    expect(read.ms).toBeLessThan(200);
    expect(refused.value.statusCode).toBe(503);
    expect(refused.value.headers['retry-after']).toBe('2');
    expect(refused.value.json()).toEqual({ message: 'The database is busy. Please try again in a moment.' });
    expect(refused.ms).toBeGreaterThanOrEqual(LOCK_WAIT_MS - 100);
  });

  it('completes the write once the lock is released within the wait', async () => {
    const { app, other } = await appOverFile();
    other.exec('begin immediate');

    const write = signUp(app, 'patient@example.com');
    setTimeout(() => other.exec('commit'), 500);

    expect((await write).statusCode).toBe(201);
    expect(other.prepare('select count(*) as count from users where email = ?').get('patient@example.com')).toEqual({ count: 1 });
  });
});
