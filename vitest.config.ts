import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const sourceOf = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const resolve = {
  alias: {
    '@market/contracts': sourceOf('./packages/contracts/src/index.ts'),
    '@market/api-client': sourceOf('./packages/api-client/src/index.ts'),
  },
};

/**
 * A timeout catches a test that hangs, never one that is slow: speed is measured by `npm run bench`.
 * Three workers share two cores, and on a slow day of this machine a test of the ledger's command
 * line took 26 s (the whole suite 1.6× its usual time).
 */
const TEST_TIMEOUTS = { testTimeout: 120_000, hookTimeout: 120_000 };

/**
 * Server test files share their worker's loaded modules rather than importing the whole server afresh
 * each (vitest's `isolate`): every test builds its own app, database and clock, and none mocks a
 * module or changes the environment. Measured on 19 files: 165 s → 81 s, the import time 106 s → 18 s.
 */
const SHARED_MODULES = { isolate: false };

/** Server tests run once per database: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
const serverProjects: TestProjectInlineConfiguration[] = [
  {
    resolve,
    test: {
      name: 'server:sqlite',
      include: ['apps/server/src/**/*.test.ts'],
      environment: 'node',
      env: { TEST_DB: 'sqlite' },
      ...SHARED_MODULES,
      ...TEST_TIMEOUTS,
    },
  },
];
/**
 * Tests whose subject does not touch SQL (configuration, file storage, the Redis bus, logs, proxies)
 * answer the same on either database; they run on SQLite only, which keeps the CI run short.
 */
const DIALECT_FREE_TESTS = [
  'apps/server/src/platform/config*.test.ts',
  'apps/server/src/platform/encoded-body.test.ts',
  'apps/server/src/platform/storage/**',
  'apps/server/src/platform/events/**',
  'apps/server/src/http/request-log.test.ts',
  'apps/server/src/http/trusted-proxy.test.ts',
  'apps/server/src/modules/catalogue/catalogue-cache.test.ts',
  'apps/server/src/demo/demo-images.test.ts',
  // SQLite's own driver and statement cache: the file opens SQLite whichever project runs it.
  'apps/server/src/db/connection.test.ts',
];

if (process.env.TEST_DATABASE_URL) {
  serverProjects.push({
    resolve,
    test: {
      name: 'server:postgres',
      include: ['apps/server/src/**/*.test.ts'],
      exclude: DIALECT_FREE_TESTS,
      environment: 'node',
      env: { TEST_DB: 'postgres' },
      // Migrates one database for the run; each test copies it (apps/server/src/test/postgres-template.ts).
      globalSetup: ['apps/server/src/test/postgres-template.ts'],
      ...SHARED_MODULES,
      ...TEST_TIMEOUTS,
    },
  });
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'tooling',
          include: ['scripts/**/*.test.ts', 'packages/fake-stripe/**/*.test.ts', 'packages/api-client/**/*.test.ts'],
          environment: 'node',
          ...TEST_TIMEOUTS,
        },
      },
      { resolve, test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node', ...TEST_TIMEOUTS } },
      ...serverProjects,
      'apps/web/vitest.config.ts',
    ],
  },
});
