// The server's half of a storefront page: how long the built app, started as production runs it
// (NODE_ENV=production, access log at LOG_LEVEL=info), takes to answer a page's HTML. Measured as the
// time to the response's headers over loopback, so it is the server's render and nothing of a browser.
// Runs from bench/run.mjs on the demo shop, or alone as `node bench/server-render.mjs` after a build.
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { LANDING_PAGES, startDemoShop } from './lighthouse.mjs';
import { printTable } from './table.mjs';

/** The aim: a storefront page answered by the server in under 20 ms. */
export const SERVER_RENDER_AIM_MS = 20;
/** Longer than a kept page's refresh age (modules/pages), so the visit after it is measured too. */
const IDLE_MS = 31_000;
const REFRESH_SETTLE_MS = 2_000;

/** @param {number[]} values */
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round = (/** @type {number} */ ms) => Math.round(ms * 10) / 10;

/** @param {string} url */
async function timeToHeaders(url) {
  const started = performance.now();
  const response = await fetch(url, { headers: { accept: 'text/html' } });
  const ms = performance.now() - started;
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return ms;
}

/**
 * Per page: its first visit after the start, the median of `visits` visits in a row, and one visit
 * after the shop was left idle past a kept page's age (what a visitor who comes now and then meets).
 * @param {{ baseUrl: string, pages?: string[], visits?: number, log?: (line: string) => void }} options
 */
export async function measureServerRender({ baseUrl, pages = LANDING_PAGES, visits = 30, log = () => {} }) {
  const results = pages.map((page) => ({ page, firstMs: 0, medianMs: 0, afterIdleMs: 0 }));
  for (const result of results) {
    result.firstMs = round(await timeToHeaders(`${baseUrl}${result.page}`));
    const times = [];
    for (let visit = 0; visit < visits; visit += 1) times.push(await timeToHeaders(`${baseUrl}${result.page}`));
    result.medianMs = round(median(times));
  }
  log(`  server render: idle ${IDLE_MS / 1000} s, then one visit per page…`);
  await sleep(IDLE_MS);
  // The client's own connection was dropped while idle: opened again first, so the figure is the server's.
  await timeToHeaders(`${baseUrl}/api/health/live`);
  for (const result of results) {
    result.afterIdleMs = round(await timeToHeaders(`${baseUrl}${result.page}`));
    // Visitors who come now and then: the next one arrives after this page's refresh has rendered.
    await sleep(REFRESH_SETTLE_MS);
  }
  return results.map((result) => ({
    ...result,
    met: result.medianMs < SERVER_RENDER_AIM_MS && result.afterIdleMs < SERVER_RENDER_AIM_MS,
  }));
}

/** @param {Awaited<ReturnType<typeof measureServerRender>>} results */
export function printServerRender(results) {
  console.log(`\n  Server render (production, access log on), time to the response's headers`);
  const header = ['page', 'first ms', 'median ms', 'after idle ms', `aim < ${SERVER_RENDER_AIM_MS} ms`];
  const lines = results.map((row) => [row.page, row.firstMs, row.medianMs, row.afterIdleMs, row.met ? '✔' : '✘'].map(String));
  printTable(header, lines);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const shop = await startDemoShop();
  try {
    printServerRender(await measureServerRender({ baseUrl: shop.url, log: console.log }));
  } finally {
    await shop.close();
  }
}
