import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const contractsSource = fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url));
const resolve = { alias: { '@market/contracts': contractsSource } };

/**
 * Generous: tests share two cores with the browser journeys under `npm test`, and one API test builds a
 * whole app over a fresh database. Speed is measured by `npm run bench`, never by a test's timeout.
 */
const TEST_TIMEOUTS = { testTimeout: 30_000, hookTimeout: 30_000 };

/** Server tests run once per database: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
const serverProjects: TestProjectInlineConfiguration[] = [
  {
    resolve,
    test: {
      name: 'server:sqlite',
      include: ['apps/server/src/**/*.test.ts'],
      environment: 'node',
      env: { TEST_DB: 'sqlite' },
      ...TEST_TIMEOUTS,
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  serverProjects.push({
    resolve,
    test: {
      name: 'server:postgres',
      include: ['apps/server/src/**/*.test.ts'],
      environment: 'node',
      env: { TEST_DB: 'postgres' },
      ...TEST_TIMEOUTS,
    },
  });
}

export default defineConfig({
  test: {
    projects: [
      { resolve, test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node', ...TEST_TIMEOUTS } },
      ...serverProjects,
      'apps/web/vitest.config.ts',
    ],
  },
});
