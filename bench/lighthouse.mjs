// The front end's half of `npm run bench`: Lighthouse at its mobile defaults (simulated slow 4G,
// 4× CPU slowdown) on the pages buyers land on, served by the built app over the demo catalogue.
// Runs alone as `node bench/lighthouse.mjs` (after `npm run build`) or from bench/run.mjs.
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { printTable } from './table.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The storefront pages measured: home, the catalogue, one product. */
export const LANDING_PAGES = ['/', '/browse-game', '/downloads/Knight-Quest'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** Debian's Chromium, as the project's tests use it; flags keep it off the closed network. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * @typedef {{ performance: number, accessibility: number, bestPractices: number, seo: number,
 *   serverMs: number, fcpMs: number, lcpMs: number, tbtMs: number, cls: number, speedIndexMs: number, transferKiB: number }} PageFigures
 */

/** @returns {Promise<number>} */
async function freePort() {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  return port;
}

/**
 * The pages as typed: a translation service would measure the network, not the shop.
 * @param {NodeJS.ProcessEnv} env
 */
function withoutTranslator({ TRANSLATE_URL: _translator, ...env }) {
  return env;
}

/**
 * The built marketplace as `npm start` runs it, over a fresh SQLite file with the demo catalogue.
 * @param {Record<string, string>} [env] settings beside the demo shop's own (the analytics scenario trusts one proxy hop)
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
export async function startDemoShop(env = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'market-lighthouse-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/server/dist/index.js'], {
    cwd: root,
    env: {
      ...withoutTranslator(process.env),
      NODE_ENV: 'production',
      // As production runs it: one access line per request (written to nowhere here).
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'marketplace.db')}`,
      SEED_DEMO_DATA: 'true',
      ALLOW_SIMULATED_PAYMENTS: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the demo shop exited with code ${child.exitCode}`);
    const ready = await fetch(`${url}/api/health/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the demo shop did not answer within two minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    close: async () => {
      if (child.exitCode === null) {
        const gone = once(child, 'exit');
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Lighthouse and its Chrome launcher are a benchmark's tools, not the project's: `npm install` leaves
 * them (and Lighthouse's telemetry) out, and this step installs them into bench/.tools the first
 * time it runs. Null when that install fails (no registry): the step is then skipped.
 * @param {(line: string) => void} log
 */
export async function loadLighthouse(log) {
  const folder = path.join(root, 'bench', '.tools');
  const modules = path.join(folder, 'node_modules');
  if (!existsSync(path.join(modules, 'lighthouse', 'package.json'))) {
    log(`  installing Lighthouse ${LIGHTHOUSE_VERSION} into bench/.tools (once)…`);
    try {
      execFileSync(
        'npm',
        [
          'install',
          '--prefix',
          folder,
          '--no-save',
          '--no-audit',
          '--no-fund',
          `lighthouse@${LIGHTHOUSE_VERSION}`,
          `chrome-launcher@${CHROME_LAUNCHER_VERSION}`,
        ],
        { stdio: 'ignore' },
      );
    } catch (error) {
      log(`  Lighthouse could not be installed (${error instanceof Error ? error.message.split('\n')[0] : error}): this step is skipped`);
      return null;
    }
  }
  const load = (/** @type {string} */ file) => import(pathToFileURL(path.join(modules, file)).href);
  const [{ default: lighthouse }, chromeLauncher] = await Promise.all([
    load('lighthouse/core/index.js'),
    load('chrome-launcher/dist/index.js'),
  ]);
  return { lighthouse, chromeLauncher };
}

const LIGHTHOUSE_VERSION = '12.8.2';
const CHROME_LAUNCHER_VERSION = '1.2.1';

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Trace failures Lighthouse itself asks to run again for; seen now and then in a long-lived Chromium. */
const TRACE_FAILURES = new Set(['NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_FCP']);

/**
 * One Lighthouse run of `url`; a run whose trace failed is made again, up to twice.
 * @param {(url: string, flags: object) => Promise<any>} lighthouse
 * @param {string} url
 * @param {number} port
 * @param {(line: string) => void} log
 */
async function lighthouseRun(lighthouse, url, port, log) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, logLevel: 'error', onlyCategories: CATEGORIES });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const failure = result.lhr.runtimeError;
    if (!failure) return result;
    if (!TRACE_FAILURES.has(failure.code) || attempt === 3) throw new Error(`Lighthouse on ${url}: ${failure.message}`);
    log(`  lighthouse ${url}: ${failure.code}, running it again`);
  }
}

/**
 * Lighthouse `runs` times on each page (one Chromium, a fresh tab each run), medians per figure.
 * @param {{ tools: { lighthouse: any, chromeLauncher: any }, baseUrl: string, pages?: string[], runs?: number, log?: (line: string) => void }} options
 * @returns {Promise<Array<{ page: string, runs: number, median: PageFigures, each: PageFigures[] }>>}
 */
export async function measurePages({ tools, baseUrl, pages = LANDING_PAGES, runs = 3, log = () => {} }) {
  const { lighthouse, chromeLauncher } = tools;
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  try {
    const results = [];
    for (const page of pages) {
      /** @type {PageFigures[]} */
      const each = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouseRun(lighthouse, `${baseUrl}${page}`, chrome.port, log);
        const { categories, audits } = result.lhr;
        /** @param {string} id */
        const numeric = (id) => audits[id]?.numericValue ?? Number.NaN;
        const score = (/** @type {string} */ id) => Math.round((categories[id]?.score ?? 0) * 100);
        const figures = {
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          serverMs: Math.round(numeric('server-response-time')),
          fcpMs: Math.round(numeric('first-contentful-paint')),
          lcpMs: Math.round(numeric('largest-contentful-paint')),
          tbtMs: Math.round(numeric('total-blocking-time')),
          cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
          speedIndexMs: Math.round(numeric('speed-index')),
          transferKiB: Math.round(numeric('total-byte-weight') / 1024),
        };
        each.push(figures);
        log(
          `  lighthouse ${page} run ${run + 1}: performance ${figures.performance}, LCP ${figures.lcpMs} ms, TBT ${figures.tbtMs} ms, CLS ${figures.cls}, ${figures.transferKiB} KiB`,
        );
      }
      const keys = /** @type {Array<keyof PageFigures>} */ (Object.keys(each[0] ?? {}));
      const medianFigures = /** @type {PageFigures} */ (
        Object.fromEntries(keys.map((key) => [key, median(each.map((figures) => figures[key]))]))
      );
      results.push({ page, runs, median: medianFigures, each });
    }
    return results;
  } finally {
    chrome.kill();
  }
}

/** @param {Awaited<ReturnType<typeof measurePages>>} results */
export function printPages(results) {
  const header = ['page', 'perf', 'a11y', 'bp', 'seo', 'server ms', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'KiB'];
  const lines = results.map(({ page, median: figures }) =>
    [
      page,
      figures.performance,
      figures.accessibility,
      figures.bestPractices,
      figures.seo,
      figures.serverMs,
      figures.fcpMs,
      figures.lcpMs,
      figures.tbtMs,
      figures.cls,
      figures.transferKiB,
    ].map(String),
  );
  console.log(`\n  Lighthouse, mobile, median of ${results[0]?.runs ?? 0} runs`);
  printTable(header, lines);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const tools = await loadLighthouse(console.log);
  if (tools) {
    const shop = await startDemoShop();
    try {
      const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
      printPages(await measurePages({ tools, baseUrl: shop.url, runs, log: console.log }));
    } finally {
      await shop.close();
    }
  }
}
