// npm run bench: the hot catalogue calls of the real server over 100,000 products, each beside
// a bare node:http server answering the very same bytes (DESIGN.md "Tests"), then a product on sale
// and the cart's pricing with a code beside today's product page (bench/pricing.mjs), then the analysis of
// a 50,000-entry source archive and of the real project archives BENCH_REAL_ARCHIVE names, each
// beside `unzip -t` (bench/archive.mjs), then Lighthouse on
// the storefront pages of the demo shop (bench/lighthouse.mjs), then a seller's money over small
// and large ledgers (bench/ledger.mjs), then what counting a view or a cart event costs its request
// (bench/analytics.mjs). Scenarios named on the command line run alone
// (bench/scenarios.mjs). Speed never makes this exit non-zero; only errors (a failed start, a
// non-2xx answer, money left wrong) do.
//
// Processes: the real app runs in a child process and each bare server in another, so
// autocannon (this process) never shares an event loop with what it measures. On a small
// machine they still share CPUs; both sides of every ratio are measured the same way.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ARCHIVE_AIMS,
  describeRealArchive,
  measureArchiveAnalysis,
  measureRealArchive,
  REAL_ARCHIVE_HOWTO,
  realArchivesFromEnv,
} from './archive.mjs';
import { ensureCatalogue, pickTargets, suggestionsPath } from './catalogue.mjs';
import { catalogueAppEnv, measure, snapshot, startBareServerProcess, startChild } from './harness.mjs';
import { ledgerSettingsFromEnv, measureLedgers, printLedgers } from './ledger.mjs';
import { measurePricing, printPricing } from './pricing.mjs';
import { measureCartEvents, measureRecordCall, printAnalytics } from './analytics.mjs';
import { parseScenarios, USAGE } from './scenarios.mjs';
import { printTable } from './table.mjs';
import { loadLighthouse, measurePages, printPages, startDemoShop } from './lighthouse.mjs';
import { measureServerRender, printServerRender } from './server-render.mjs';

const here = path.dirname(new URL(import.meta.url).pathname);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const warmup = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const dataDir = path.resolve(process.env.BENCH_DATA_DIR ?? path.join(here, '.data'));
const reportFile = path.join(here, 'report.json');
const lighthouseRuns = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/**
 * @typedef {{ kind: 'ratio', min: number, maxP99Ms?: number } | { kind: 'p99', maxMs: number } | null} Aim
 * @typedef {{ name: string, path: string, paths?: string[], aim: Aim, note: string }} Call
 */

async function main() {
  const parsed = parseScenarios(process.argv.slice(2));
  if (parsed.help) {
    console.log(USAGE);
    return;
  }
  if ('error' in parsed) throw new Error(parsed.error);
  const { selected } = parsed;
  // A misspelt archive path fails now, not after the scenarios before it.
  const realArchives = selected.has('archive') ? realArchivesFromEnv() : [];
  console.log(
    `\nBenchmark (${[...selected].join(', ')}): ${connections} connections, ${seconds} s per run after ${warmup} s warm-up; ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  const catalogue = selected.has('catalogue') ? await measureCatalogue() : undefined;
  const pricing = selected.has('pricing') ? await measurePricingOverCatalogue() : undefined;
  const archive = selected.has('archive') ? measureArchive(realArchives) : undefined;
  const { frontEnd, serverRender } = selected.has('front-end') ? await measureFrontEnd() : {};
  let ledger;
  if (selected.has('ledger')) {
    console.log('\n  A seller\'s money as the ledger grows (docs/decisions/0008 "Balances kept, not summed")…');
    ledger = await measureLedgers({ ...ledgerSettingsFromEnv(), log: console.log });
    printLedgers(ledger);
  }
  let analytics;
  if (selected.has('analytics')) {
    console.log('\n  Counting views and cart events (docs/decisions/0020)…');
    const record = measureRecordCall();
    const http = await measureCartEvents({ connections, seconds, warmup, log: console.log });
    printAnalytics(record, http);
    analytics = { record, http };
  }

  const report = {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? '',
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      platform: `${os.platform()} ${os.release()}`,
    },
    settings: { connections, seconds, warmupSeconds: warmup, products: catalogue?.products },
    targets: catalogue?.targets,
    results: catalogue?.results,
    archiveAnalysis: archive,
    serverRender,
    frontEnd: frontEnd?.map(({ page, runs, median }) => ({ page, runs, median })),
    pricing,
    ledger,
    analytics,
  };
  writeFileSync(reportFile, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n  report: ${path.relative(process.cwd(), reportFile)}\n`);
}

/** The hot catalogue calls, each beside a bare server answering its bytes. */
async function measureCatalogue() {
  mkdirSync(dataDir, { recursive: true });
  const catalogue = await ensureCatalogue({ dir: dataDir, count: productCount, log: console.log });
  console.log(
    `  catalogue: ${catalogue.count.toLocaleString('en')} approved products, ${catalogue.reused ? 'reused' : 'built'} in ${catalogue.seconds.toFixed(1)} s`,
  );
  const targets = pickTargets(catalogue.databaseUrl);
  console.log(
    `  slug: ${targets.slug} · search word: "${targets.search.word}" (${targets.search.matches.toLocaleString('en')} products match) · ${targets.searchVariety.length} varied queries\n`,
  );

  /** Every hot visitor read at ≥ 40 % of a bare server answering its bytes, search at ≥ 30 %. */
  const hotRead = /** @type {const} */ ({ kind: 'ratio', min: 0.4 });
  const searchRead = /** @type {const} */ ({ kind: 'ratio', min: 0.3 });
  /** Searches as typed miss the cache: at least 30 % of bare, and no visitor waits 25 ms for one. */
  const variedSearch = /** @type {const} */ ({ kind: 'ratio', min: 0.3, maxP99Ms: 25 });
  /** A kept page (modules/pages) beside a bare server sending its bytes: 40 %, and p99 under 25 ms. */
  const keptPage = /** @type {const} */ ({ kind: 'ratio', min: 0.4, maxP99Ms: 25 });
  /** @type {Call[]} */
  const calls = [
    {
      name: 'home list (newly uploaded)',
      path: '/api/product/listing/newly-uploading-games',
      aim: hotRead,
      note: 'HomePage: useListingQuery("newly-uploading-games"), 100 newest approved products',
    },
    {
      name: 'home list (trending)',
      path: '/api/product/listing/trending-games',
      aim: hotRead,
      note: 'HomePage: useListingQuery("trending-games"), 100 most viewed in 7 days',
    },
    {
      name: 'popular (all time)',
      path: '/api/product/popular?period=all',
      aim: hotRead,
      note: 'home section, hero top 3 and footer top 6 on every page',
    },
    {
      name: 'product list (browse)',
      path: '/api/product/uploaded-products?status=Approved&subCategory=Arcades',
      aim: hotRead,
      note: 'BrowseGamesPage: the first genre tab',
    },
    { name: 'product by slug', path: `/api/product/by-slug/${encodeURIComponent(targets.slug)}`, aim: hotRead, note: 'detail page' },
    { name: 'product by id', path: `/api/product/${targets.id}`, aim: hotRead, note: 'the product as the panels and links ask it' },
    {
      name: 'search',
      path: suggestionsPath(targets.search.word),
      aim: searchRead,
      note: `header suggestions; ${targets.search.matches} products match`,
    },
    {
      name: 'search (varied, uncached)',
      path: suggestionsPath(targets.searchVariety[0] ?? 'ra'),
      paths: targets.searchVariety.map(suggestionsPath),
      aim: variedSearch,
      note: `header suggestions as typed: ${targets.searchVariety.length} distinct prefixes in turn, more than the search cache holds; bare answers the first one's bytes to the same paths`,
    },
    {
      name: 'browse facets',
      path: '/api/product/search/results?category=Android&subCategory=Arcades',
      aim: hotRead,
      note: 'BrowseGamesPage with two filters and no text: a page of cards and every facet counted over 100,000 products',
    },
    {
      name: 'home page (server-rendered)',
      path: '/',
      aim: keptPage,
      note: "the shelves' HTML with its first screen, as a visitor lands on it (docs/decisions/0021)",
    },
    {
      name: 'product page (server-rendered)',
      path: `/downloads/${encodeURIComponent(targets.slug)}`,
      aim: keptPage,
      note: 'a product page with its share card and first screen, as a visitor or a link preview lands on it',
    },
  ];

  // As production runs it: an access line per request, appended to a file (README.md "LOG_FILE").
  const logFile = path.join(dataDir, 'access.log');
  rmSync(logFile, { force: true });
  const app = await startChild(new URL('./app-server.mjs', import.meta.url), { env: catalogueAppEnv(catalogue, logFile) });
  const rows = [];
  try {
    for (const call of calls) {
      const url = `${app.url}${call.path}`;
      const started = performance.now();
      const { body, headers } = await snapshot(url);
      const firstMs = performance.now() - started;
      const server = await measure({ url, connections, duration: seconds, warmup, paths: call.paths });
      const bare = await startBareServerProcess(body, headers);
      let bareFigures;
      try {
        // The same paths in turn: autocannon builds each rotated request anew, a cost of the client
        // (15–45 % of the bare server's figure, measured on 2 cores) that both sides must pay alike.
        bareFigures = await measure({ url: bare.url, connections, duration: seconds, warmup, paths: call.paths });
      } finally {
        await bare.close();
      }
      const ratio = server.requestsPerSecond / bareFigures.requestsPerSecond;
      let aimText = '';
      let met = null;
      if (call.aim?.kind === 'ratio') {
        const maxP99Ms = call.aim.maxP99Ms;
        met = ratio >= call.aim.min && (maxP99Ms === undefined || server.p99Ms < maxP99Ms);
        aimText = `≥ ${Math.round(call.aim.min * 100)}% of bare${maxP99Ms === undefined ? '' : `, p99 < ${maxP99Ms} ms`}`;
      } else if (call.aim?.kind === 'p99') {
        met = server.requests > 0 && server.timeouts === 0 && server.p99Ms < call.aim.maxMs;
        aimText = `p99 < ${call.aim.maxMs} ms`;
      }
      const row = {
        ...call,
        bytes: body.length,
        firstRequestMs: Math.round(firstMs * 10) / 10,
        server,
        bare: bareFigures,
        ratio,
        aimText,
        met,
      };
      rows.push(row);
      const timeouts = server.timeouts > 0 ? `, ${server.timeouts} timeouts` : '';
      console.log(
        `  measured ${call.name}: ${Math.round(server.requestsPerSecond)} req/s (bare ${Math.round(bareFigures.requestsPerSecond)}), p99 ${server.p99Ms} ms${timeouts}; first request ${row.firstRequestMs} ms`,
      );
    }
  } finally {
    await app.close();
  }

  printCalls(rows);
  return {
    products: catalogue.count,
    targets: { ...targets, searchVariety: targets.searchVariety.slice(0, 20) },
    results: rows.map(({ aim: _aim, paths, ...row }) => ({
      ...row,
      distinctPaths: paths?.length ?? 1,
      ratio: Math.round(row.ratio * 1000) / 1000,
    })),
  };
}

/** A product on sale and the cart's pricing with a code, beside today's product page, over the same catalogue. */
async function measurePricingOverCatalogue() {
  mkdirSync(dataDir, { recursive: true });
  const catalogue = await ensureCatalogue({ dir: dataDir, count: productCount, log: console.log });
  console.log('\n  Sales and codes (docs/decisions/0009) over the same catalogue…');
  const rows = await measurePricing({ ...catalogue, connections, seconds, warmup, log: console.log });
  printPricing(rows);
  return rows.map(({ body: _body, ...row }) => ({ ...row, ratio: row.ratio === null ? null : Math.round(row.ratio * 1000) / 1000 }));
}

/** The largest archive made in code, then the real project archives BENCH_REAL_ARCHIVE names, each beside `unzip -t`. */
function measureArchive(/** @type {string[]} */ files) {
  const archive = measureArchiveAnalysis();
  console.log(
    `\n  "What's inside" analysis of the largest accepted archive: ${archive.entries.toLocaleString('en')} entries (${archive.archiveMb} MB) ` +
      `in ${archive.seconds} s, peak ${archive.peakRssMb} MB (aim < ${ARCHIVE_AIMS.seconds} s and < ${ARCHIVE_AIMS.memoryMb} MB: ${archive.met ? 'met' : 'NOT met'})`,
  );
  if (!files.length) console.log(`  real project archive: skipped; ${REAL_ARCHIVE_HOWTO.replaceAll('\n', '\n  ')}`);
  const realArchives = files.map((file) => {
    const figures = measureRealArchive(file);
    console.log(describeRealArchive(figures));
    return figures;
  });
  return { ...archive, realArchives };
}

/** Server render times and Lighthouse on the demo shop. */
async function measureFrontEnd() {
  console.log(`\n  Lighthouse (mobile) on the demo shop, ${lighthouseRuns} runs per page…`);
  const tools = await loadLighthouse(console.log);
  const shop = await startDemoShop();
  let frontEnd = null;
  let serverRender;
  try {
    serverRender = await measureServerRender({ baseUrl: shop.url, log: console.log });
    printServerRender(serverRender);
    if (tools) frontEnd = await measurePages({ tools, baseUrl: shop.url, runs: lighthouseRuns, log: console.log });
  } finally {
    await shop.close();
  }
  if (frontEnd) printPages(frontEnd);
  return { frontEnd, serverRender };
}

/** @param {Array<{ name: string, bytes: number, server: import('./harness.mjs').Figures, bare: import('./harness.mjs').Figures, ratio: number, aimText: string, met: boolean | null }>} rows */
function printCalls(rows) {
  const header = ['call', 'bytes', 'server req/s', 'server p99 ms', 'bare req/s', 'bare p99 ms', 'ratio', 'aim'];
  const lines = rows.map((row) => [
    row.name,
    String(row.bytes),
    String(Math.round(row.server.requestsPerSecond)),
    String(row.server.p99Ms),
    String(Math.round(row.bare.requestsPerSecond)),
    String(row.bare.p99Ms),
    `${(row.ratio * 100).toFixed(1)}%`,
    row.met === null ? '' : `${row.aimText} ${row.met ? '✔' : '✘'}`,
  ]);
  console.log('');
  printTable(header, lines, [0, 7]);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
