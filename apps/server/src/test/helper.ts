import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SessionUser } from '@market/contracts';
import type { InjectOptions } from 'fastify';
import { Client } from 'pg';
import { inject, onTestFinished } from 'vitest';
import { buildApp } from '../app.js';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../db/index.js';
import { fixedClock } from '../platform/clock.js';
import { loadConfig } from '../platform/config.js';
import { createLogger, type Logger } from '../platform/logger.js';
import { createServices } from '../services.js';

const TEST_START = new Date('2026-01-15T10:00:00.000Z');

let migratedSqliteImage: Promise<Buffer> | undefined;

/** The bytes of a migrated SQLite database, made once per test file: running every migration costs 100–400 ms. */
function migratedSqlite(): Promise<Buffer> {
  migratedSqliteImage ??= (async () => {
    const database = openDatabase({ url: 'sqlite::memory:' });
    await migrateToLatest(database.db);
    const image = database.serializeSqlite!();
    await database.destroy();
    return image;
  })();
  return migratedSqliteImage;
}

/** A fresh, migrated database of the kind this test project runs on (TEST_DB). */
async function freshDatabase(): Promise<DatabaseHandle> {
  if (process.env.TEST_DB !== 'postgres') return openDatabase({ url: 'sqlite::memory:', sqliteImage: await migratedSqlite() });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  // A copy of the database postgres-template.ts migrated once for the whole run.
  const name = `test_${randomBytes(6).toString('hex')}`;
  await onPostgresServer(serverUrl, `create database ${name} template ${inject('postgresTemplate')}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString() });
  return {
    ...database,
    destroy: async () => {
      await database.destroy();
      await onPostgresServer(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function onPostgresServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

let smallWebBuild: string | undefined;

/**
 * A web build of one index.html, for the tests that do not give their own: serving the real build
 * registers a route for each of its hundreds of files, which cost every test's app 100–300 ms.
 */
function smallWebBuildDir(): string {
  if (!smallWebBuild) {
    const dir = mkdtempSync(path.join(tmpdir(), 'test-web-build-'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Marketplace</title><div id="root"></div>');
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    smallWebBuild = dir;
  }
  return smallWebBuild;
}

function testConfig(env: Record<string, string>) {
  return loadConfig({
    NODE_ENV: 'test',
    WEB_DIST_DIR: smallWebBuildDir(),
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    SEED_DEMO_DATA: 'false',
    // Tests sign up thousands of people: production's cost would spend minutes of CI on scrypt alone.
    PASSWORD_HASH_COST: '1024',
    ...env,
  });
}

/** One app instance over the given database: its own services, caches and event bus, as a separate process has. */
async function instanceOver(database: DatabaseHandle, env: Record<string, string>, log: Logger = createLogger('silent')) {
  const config = testConfig(env);
  const clock = fixedClock(TEST_START);
  const services = createServices(database, clock, config, log);
  const app = await buildApp({ config, database, services, log });
  return { app, db: database.db, dialect: database.dialect, services, clock, config };
}

/** The real app over a fresh database and a clock the test controls; closed when the test ends. */
export async function buildTestApp(env: Record<string, string> = {}, options: { log?: Logger } = {}) {
  const database = await freshDatabase();
  const ctx = await instanceOver(database, env, options.log);
  onTestFinished(async () => {
    await ctx.app.close();
    await database.destroy();
  });
  return ctx;
}

/**
 * Two instances over one fresh database, as two processes behind a load balancer would be;
 * with REDIS_URL in `env` their event buses meet in Redis.
 */
export async function buildTwoTestApps(env: Record<string, string> = {}) {
  const database = await freshDatabase();
  const first = await instanceOver(database, env);
  const second = await instanceOver(database, env);
  onTestFinished(async () => {
    await first.app.close();
    await second.app.close();
    await database.destroy();
  });
  return [first, second] as const;
}

/** A Redis channel prefix of its own, so concurrent test runs sharing one Redis never hear each other. */
export const uniqueChannelPrefix = () => `test-${randomBytes(6).toString('hex')}:`;

export type TestContext = Awaited<ReturnType<typeof buildTestApp>>;

let userCounter = 0;

export interface TestUser extends SessionUser {
  password: string;
  /** Cookie header value of a live session of this user. */
  cookie: string;
}

/** A user of the given role, signed in; built through the services, as the product would. */
export async function createUser(
  ctx: TestContext,
  overrides: Partial<{ name: string; email: string; role: 'User' | 'Admin'; steppedUp: boolean }> = {},
): Promise<TestUser> {
  userCounter += 1;
  const email = overrides.email ?? `person${userCounter}-${randomBytes(3).toString('hex')}@example.com`;
  // Strong enough for the sign-up rule (zxcvbn score 3 or more), unique per user.
  const password = `quiet-orchard-${userCounter}-${randomBytes(4).toString('hex')}`;
  const name = overrides.name ?? `Person ${userCounter}`;
  if (overrides.role === 'Admin') {
    await ctx.services.auth.ensureAdmin({ email, password, name });
  } else {
    await ctx.services.auth.signUp({ name, email, number: '+1 555 0100', password, confirmPassword: password });
  }
  const response = await ctx.app.inject({ method: 'POST', url: '/api/user/signIn', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`Test user could not sign in: ${response.body}`);
  const { _id, name: signedInName, email: signedInEmail, number, role } = response.json() as SessionUser;
  const user: TestUser = {
    _id,
    name: signedInName,
    email: signedInEmail,
    number,
    role,
    password,
    cookie: sessionCookieOf(response.headers['set-cookie']),
  };
  // Tests not about step-up (docs/decisions/0016) get a session that just confirmed its password.
  if (overrides.steppedUp !== false) await stepUpWithPassword(ctx, user);
  return user;
}

/** Confirms the password on the user's session: step-up for the next 10 minutes of the test's clock. */
export async function stepUpWithPassword(ctx: TestContext, user: TestUser): Promise<void> {
  const response = await injectAs(ctx, user, { method: 'POST', url: '/api/user/2fa/step-up', payload: { password: user.password } });
  if (response.statusCode !== 200) throw new Error(`Test user could not step up: ${response.body}`);
}

export function sessionCookieOf(setCookie: string | string[] | undefined): string {
  const header = [setCookie ?? []].flat().find((value) => value.startsWith('sid='));
  if (!header) throw new Error('No session cookie was set');
  return header.split(';')[0]!;
}

/** app.inject as the given user (or as a visitor with no user). */
export function injectAs(ctx: TestContext, user: TestUser | null, options: InjectOptions) {
  return ctx.app.inject({ ...options, headers: { ...options.headers, ...(user ? { cookie: user.cookie } : {}) } });
}
