import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const contractsSource = fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url));
const resolve = { alias: { '@market/contracts': contractsSource } };

/** Server tests run once per database: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
const serverProjects: TestProjectInlineConfiguration[] = [
  {
    resolve,
    test: {
      name: 'server:sqlite',
      include: ['apps/server/src/**/*.test.ts'],
      environment: 'node',
      env: { TEST_DB: 'sqlite' },
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
    },
  });
}

export default defineConfig({
  test: {
    projects: [
      { resolve, test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      ...serverProjects,
      'apps/web/vitest.config.ts',
    ],
  },
});
