// `npm test`: every check and every test.
// Lint and build come first; then the typecheck beside the unit and API tests (SQLite, and PostgreSQL too
// when TEST_DATABASE_URL is set), then the browser journeys in Debian's Chromium on their own.
// The journeys come alone because on this 2-core machine Chromium and the API tests slow each other down
// far more than they gain by overlapping: side by side they took 1570 s, one after the other about 1000 s.
// Everything runs on Node 24 (scripts/node-runtime.mjs), fetched when this machine's Node is older.
// Each line of the suites' output is tagged with the suite it came from; a summary closes the run.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { buildIfNeeded, installIfNeeded, root, run, runOnSupportedNode } from './lib.mjs';
import { summary } from './test-summary.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RESULTS = path.join(root, 'test-results');
const VITEST_REPORT = path.join(RESULTS, 'vitest.json');
const PLAYWRIGHT_REPORT = path.join(RESULTS, 'playwright.json');

async function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    console.log('Installing Debian’s chromium for the browser tests…');
    await run('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium']);
    return;
  }
  throw new Error(`Chromium not found at ${CHROMIUM}: install it (sudo apt-get install -y chromium) or set CHROMIUM_PATH.`);
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function step(title, action) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  await action();
  console.log(`✔ ${title} (${seconds(started)})`);
}

/** Copies `stream` to `sink` line by line, each line starting with the suite's tag. */
function forwardTagged(tag, stream, sink) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop();
    for (const line of lines) sink.write(`[${tag}] ${line}\n`);
  });
  stream.on('end', () => pending && sink.write(`[${tag}] ${pending}\n`));
}

/** Runs one suite with its output tagged line by line; resolves to whether it passed, never rejects. */
function tagged(tag, command, args, env = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    forwardTagged(tag, child.stdout, process.stdout);
    forwardTagged(tag, child.stderr, process.stderr);
    child.on('error', (error) => {
      console.error(`[${tag}] could not start: ${error.message}`);
      resolve(false);
    });
    child.on('close', (code, signal) => {
      const passed = code === 0;
      console.log(`${passed ? '✔' : '✖'} [${tag}] ${passed ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds(started)}`);
      resolve(passed);
    });
  });
}

/** Vitest's arguments: every project, reporting to `report`, on every core. */
function vitestArgs(report) {
  return [
    'run',
    // One worker more than cores: vitest's default (cores - 1) is one worker on a 2-core machine, and
    // the drills (database restarts, a Redis outage, PgBouncer) spend most of a minute waiting, which a
    // third worker fills (on this 2-core machine the unit and API tests took 742 s with three).
    `--maxWorkers=${availableParallelism() + 1}`,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
}

try {
  const started = Date.now();
  await runOnSupportedNode();
  await installIfNeeded();
  await step('Lint', () => run('npm', ['run', 'lint', '--silent']));
  await step('Build (contracts, server, web)', buildIfNeeded);
  await ensureChromium();
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });

  const databases = process.env.TEST_DATABASE_URL ? 'SQLite and PostgreSQL' : 'SQLite; set TEST_DATABASE_URL for PostgreSQL';
  console.log(`\n▶ Side by side: [types] typecheck, [unit] unit and API tests (${databases})`);
  const results = await Promise.all([
    tagged('types', 'npx', ['tsc', '-b']),
    tagged('unit', 'npx', ['vitest', ...vitestArgs(VITEST_REPORT)]),
  ]);
  console.log('\n▶ Then alone: [e2e] browser journeys (Chromium)');
  results.push(
    await tagged('e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_REPORT,
      FORCE_COLOR: '0',
    }),
  );

  console.log(`\n${summary(VITEST_REPORT, PLAYWRIGHT_REPORT)}`);
  if (results.includes(false)) throw new Error(`Some checks failed (whole run ${seconds(started)}); search the output for ✖ and the tag.`);
  console.log(`All checks passed in ${seconds(started)}.`);
} catch (error) {
  console.error(`\n✖ ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
