import { defineConfig, devices } from '@playwright/test';
import { FAKE_STRIPE_API_URL, FAKE_STRIPE_KEYS, PORT, STRIPE_APP_PORT } from './support/ports.js';

const STRIPE_JOURNEYS = /-stripe\.spec\.ts$/;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Journeys run against the built app on a fresh SQLite database, in Debian's Chromium. */
export default defineConfig({
  testDir: './journeys',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // Generous: under npm test the journeys share two cores with the API tests. Speed is measured by
  // npm run bench, never by a timeout.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: STRIPE_JOURNEYS,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
    {
      name: 'stripe',
      testMatch: STRIPE_JOURNEYS,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, baseURL: `http://127.0.0.1:${STRIPE_APP_PORT}` },
    },
  ],
  webServer: [
    appServer(PORT, 'e2e/.data'),
    {
      command: `node packages/fake-stripe/index.mjs ${new URL(FAKE_STRIPE_API_URL).port}`,
      cwd: '..',
      url: `${FAKE_STRIPE_API_URL}/health`,
      reuseExistingServer: false,
      timeout: 20_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: FAKE_STRIPE_KEYS,
    },
    appServer(STRIPE_APP_PORT, 'e2e/.data-stripe', {
      ...FAKE_STRIPE_KEYS,
      STRIPE_API_URL: FAKE_STRIPE_API_URL,
      // Sellers are paid through Stripe Connect (docs/decisions/0012); Stripe sends them back to this address.
      PAYOUT_MODE: 'connect',
      PUBLIC_URL: `http://127.0.0.1:${STRIPE_APP_PORT}`,
    }),
  ],
});

/** The built app on a fresh SQLite database with the demo data. */
function appServer(port: number, dataDir: string, env: Record<string, string> = {}) {
  return {
    command: `rm -rf ${dataDir} && node apps/server/dist/index.js`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `sqlite:./${dataDir}/e2e.db`,
      DATA_DIR: `./${dataDir}`,
      SEED_DEMO_DATA: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      FORMS_RATE_LIMIT_PER_MINUTE: '1000',
      CHAT_RATE_LIMIT_PER_MINUTE: '1000',
      LOG_LEVEL: 'warn',
      // Nothing balances these servers: they stop at once when the run ends.
      SHUTDOWN_DRAIN_SECONDS: '0',
      // The webhook journey's receiver is a server on 127.0.0.1 started by the journey; deliveries to a
      // private address are refused otherwise (docs/decisions/0015).
      WEBHOOK_ALLOW_PRIVATE: 'true',
      ...env,
    },
  };
}
