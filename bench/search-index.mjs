// node bench/search-index.mjs: builds the catalogue's search index (docs/decisions/0019) over the
// bench's 100,000 products (bench/catalogue.mjs, made once under bench/.data/) and times its build
// and searches made on a cold cache: the index's lookup and ranking, without HTTP or the cards.
// Needs `npm run build` first (it reads apps/server/dist).
import path from 'node:path';
import { openDatabase } from '../apps/server/dist/db/index.js';
import { CatalogueRepository } from '../apps/server/dist/modules/catalogue/catalogue.repository.js';
import { SearchIndexKeeper, indexedProduct } from '../apps/server/dist/modules/catalogue/search-keeper.js';
import { searchTokens } from '../apps/server/dist/modules/catalogue/catalogue-text.js';
import { candidatesOf, searchPage, topIds } from '../apps/server/dist/modules/catalogue/search-results.js';
import { ensureCatalogue, pickTargets } from './catalogue.mjs';

const dir = process.env.BENCH_DATA_DIR ?? path.join(import.meta.dirname, '.data');
const catalogue = await ensureCatalogue({ dir, count: 100_000, log: console.log });
const handle = openDatabase({ url: catalogue.databaseUrl });
const notUsed = () => {
  throw new Error('not used');
};
const rows = new CatalogueRepository(handle.db, handle.dialect, notUsed, notUsed);
const heapBefore = process.memoryUsage().heapUsed;
const keeper = new SearchIndexKeeper(async (ids) => (await rows.searchDocuments(ids)).map(indexedProduct));
const index = await keeper.current();
globalThis.gc?.();
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
console.log(
  `index: ${index.size.toLocaleString('en')} products, ${index.vocabularySize.toLocaleString('en')} words, built in ${keeper.lastBuildMs.toFixed(0)} ms, about ${heapMb.toFixed(0)} MB of heap`,
);

const tieStarted = performance.now();
index.tiePlaces();
console.log(`order of equal scores (again after each change, on the next search): ${(performance.now() - tieStarted).toFixed(0)} ms`);

const queries = [
  'neon drift',
  'platfromer',
  'soliatire',
  'pirate racer',
  'qr scaner',
  'budget planer',
  'zombie',
  'unity',
  'puzzle',
  'sudoku mania',
];
/** @param {number[]} times */
const median = (times) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
for (const q of queries) {
  const words = q.split(' ');
  /** @type {number[]} */
  const suggest = [];
  /** @type {number[]} */
  const page = [];
  /** @type {number[]} */
  const matches = [];
  for (let run = 0; run < 15; run += 1) {
    let started = performance.now();
    topIds(index, [words], 6);
    suggest.push(performance.now() - started);
    matches.push(index.match([words]).docs.length);
    started = performance.now();
    searchPage(candidatesOf(index, index.match([words]), new Set()), { q, sort: 'relevance', limit: 24, offset: 0 }, Date.now());
    page.push(performance.now() - started);
  }
  console.log(
    `${q.padEnd(14)} ${String(matches[0]).padStart(6)} matches  suggestions ${median(suggest).toFixed(2)} ms  results page with facets ${median(page).toFixed(2)} ms`,
  );
}
const started = performance.now();
searchPage(candidatesOf(index, null, new Set()), { q: '', sort: 'relevance', limit: 24, offset: 0 }, Date.now());
console.log(`browse (every product, facets, ranked): ${(performance.now() - started).toFixed(0)} ms`);

// The bench's search as typed (bench/catalogue.mjs): its thousands of distinct prefixes, twice; the
// second pass has every typed word's lookup kept, as a running server mostly has.
const { searchVariety } = await pickTargets(catalogue.databaseUrl);
for (const pass of ['first', 'second']) {
  /** @type {number[]} */
  const times = [];
  for (const text of searchVariety) {
    const typedAt = performance.now();
    topIds(index, [searchTokens(text)], 6);
    times.push(performance.now() - typedAt);
  }
  const total = times.reduce((sum, time) => sum + time, 0);
  times.sort((a, b) => a - b);
  console.log(
    `search as typed, ${pass} pass over ${times.length} prefixes: mean ${((total / times.length) * 1000).toFixed(0)} µs, p99 ${(times[Math.floor(times.length * 0.99)] ?? 0).toFixed(2)} ms`,
  );
}
await handle.destroy();
