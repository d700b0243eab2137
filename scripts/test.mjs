// `npm test`: every check and every test, stopping at the first failure.
// Unit and API tests run on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set;
// the browser journeys run in Debian's Chromium (/usr/bin/chromium).
import { existsSync } from 'node:fs';
import { buildIfNeeded, checkNodeVersion, installIfNeeded, run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    console.log('Installing Debian’s chromium for the browser tests…');
    await run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
    return;
  }
  throw new Error(`Chromium not found at ${CHROMIUM}: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
}

async function step(title, action) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  await action();
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

try {
  checkNodeVersion();
  await installIfNeeded();
  await step('Lint', () => run('npm', ['run', 'lint', '--silent']));
  await step('Build (contracts, server, web)', buildIfNeeded);
  await step('Typecheck', () => run('npm', ['run', 'typecheck', '--silent']));
  await step(
    process.env.TEST_DATABASE_URL ? 'Unit and API tests (SQLite and PostgreSQL)' : 'Unit and API tests (SQLite; set TEST_DATABASE_URL for PostgreSQL)',
    () => run('npx', ['vitest', 'run']),
  );
  await ensureChromium();
  await step('Browser journeys (Chromium)', () => run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']));
  console.log('\nAll checks passed.');
} catch (error) {
  console.error(`\n✖ ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
