import { defineConfig, devices } from '@playwright/test';
import { appServerEnv } from './support/app-server.js';
import { FAKE_STRIPE_API_URL, FAKE_STRIPE_KEYS, STRIPE_APP_PORT } from './support/ports.js';

const STRIPE_JOURNEYS = /-stripe\.spec\.ts$/;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Journeys run against the built app on a fresh SQLite database, in Debian's Chromium. Two workers by
 * default (E2E_WORKERS): a journey spends much of its time waiting on the browser and the server, so on
 * two cores a second worker nearly halves the run. Each desktop worker has its own app server and
 * database (support/app-server.ts); the Stripe journeys share one server and fake Stripe, whose
 * reconciliation counts every charge, so they run one at a time.
 */
export default defineConfig<object, { serverPerWorker: boolean }>({
  testDir: './journeys',
  outputDir: './test-results',
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // A timeout catches a journey that hangs, never one that is slow: speed is measured by npm run
  // bench. One bound for every journey, far above the longest (111 s for the archive analysis on a
  // slow day of this 2-core machine, when a 47-second journey took 70 s and failed at 60 s).
  timeout: 240_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
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
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, serverPerWorker: true },
    },
    {
      name: 'stripe',
      testMatch: STRIPE_JOURNEYS,
      workers: 1,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, baseURL: `http://127.0.0.1:${STRIPE_APP_PORT}` },
    },
  ],
  webServer: [
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

/** The built app on a fresh SQLite database with the demo data, for the whole run. */
function appServer(port: number, dataDir: string, env: Record<string, string> = {}) {
  return {
    command: `rm -rf ${dataDir} && node apps/server/dist/index.js`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: appServerEnv(port, dataDir, env),
  };
}
