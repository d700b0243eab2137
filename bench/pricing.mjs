// The `pricing` scenario (docs/decisions/0009): what sales and codes cost the reads and the cart.
// Over the benchmark's catalogue, one product goes on sale and the bench seller gets a code; then
// the product page of a product on sale (its read and its server-drawn page), visitor and signed
// in, and `POST /api/cart/price` for a 10-line cart with the code, each beside today's product page
// read of a product not on sale, measured the same way in the same server.
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { measure, snapshot, startChild } from './harness.mjs';
import { printTable } from './table.mjs';

/** The aim: within 10 % of the product page read it is compared with. */
export const PRICING_AIM = 0.9;
/** Buyers the cart's requests go round: each account may price its cart 60 times a minute. */
const BUYERS = 1_000;
const CART_LINES = 10;
const CODE = 'BENCH20';
const ROW_PREFIX = 'bench-pricing-';
const DAY_MS = 86_400_000;
/** Rounds of every call in turn: on a shared machine the load moves between runs, and alternating spreads it over all of them. */
const ROUNDS = Number(process.env.BENCH_PRICING_ROUNDS ?? 3);
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** CPU seconds the process (all its threads) has used so far, from /proc: what a run cost the server, whatever else ran beside it. */
function cpuSecondsOf(/** @type {number} */ pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime are the 14th and 15th fields; the split above starts at the 3rd.
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}

const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const slugOf = (/** @type {string} */ title) => title.trim().split(/\s+/).join('-');
const iso = (/** @type {number} */ ms) => new Date(ms).toISOString();
const percent = (/** @type {number | null} */ ratio) => (ratio === null ? '' : `${(ratio * 100).toFixed(1)}%`);

/**
 * Adds the sale, the code and the buyers (with their sessions) to the catalogue's database, after
 * removing any a stopped run left; `removePricingRows` takes them out again.
 * @param {string} file the SQLite file
 */
function addPricingRows(file) {
  const sqlite = new Database(file);
  try {
    removeRows(sqlite);
    /** Products whose English title no other product shares, newest first: their slugs name them alone. */
    const unique = /** @type {{ id: string, title: string, user_id: string, single: number, multi: number }[]} */ (
      sqlite
        .prepare(
          `select p.id, t.title, p.user_id, p.single_app_license_cents as single, p.multi_app_license_cents as multi
          from products p join product_translations t on t.product_id = p.id and t.language = 'en'
          where p.status = 'Approved' and p.slug_key in (select slug_key from products group by slug_key having count(*) = 1)
          order by p.created_at desc limit ${CART_LINES + 1}`,
        )
        .all()
    );
    if (unique.length < CART_LINES + 1) throw new Error('the catalogue is too small for the pricing scenario');
    // The newest is the catalogue scenario's product read, never on sale; the next one goes on sale.
    const [plain, onSale] = /** @type {[typeof unique[number], typeof unique[number]]} */ ([unique[0], unique[1]]);
    const now = Date.now();
    sqlite
      .prepare('insert into sales (id, seller_id, percent, starts_at, ends_at, created_at, updated_at) values (?, ?, 25, ?, ?, ?, ?)')
      .run(`${ROW_PREFIX}sale`, onSale.user_id, iso(now - DAY_MS), iso(now + 7 * DAY_MS), iso(now - DAY_MS), iso(now - DAY_MS));
    sqlite
      .prepare('insert into sale_products (sale_id, product_id, lowest_single_cents, lowest_multi_cents) values (?, ?, ?, ?)')
      .run(`${ROW_PREFIX}sale`, onSale.id, onSale.single, onSale.multi);
    // A seller's code for all their products: it reaches every line of the cart.
    sqlite
      .prepare(
        `insert into discount_codes (id, seller_id, code, code_key, kind, amount, licence_types, created_at, updated_at)
        values (?, ?, ?, ?, 'percent', 20, ?, ?, ?)`,
      )
      .run(
        `${ROW_PREFIX}code`,
        onSale.user_id,
        CODE,
        CODE,
        JSON.stringify(['Single App License', 'Multi App License']),
        iso(now),
        iso(now),
      );
    const insertUser = sqlite.prepare(
      "insert into users (id, name, email, email_key, number, password_hash, role, created_at) values (?, ?, ?, ?, '+10000000001', '!', 'User', ?)",
    );
    const insertSession = sqlite.prepare('insert into sessions (token_hash, user_id, created_at, expires_at) values (?, ?, ?, ?)');
    /** @type {string[]} */
    const cookies = [];
    sqlite.transaction(() => {
      for (let index = 0; index < BUYERS; index += 1) {
        const id = `${ROW_PREFIX}${index}`;
        const email = `bench.buyer.${index}@example.com`;
        insertUser.run(id, `Bench Buyer ${index}`, email, email, iso(now));
        const token = randomBytes(32).toString('base64url');
        insertSession.run(createHash('sha256').update(token).digest('hex'), id, iso(now), iso(now + DAY_MS));
        cookies.push(`sid=${token}`);
      }
    })();
    const cart = [onSale, ...unique.slice(2)].map((product, index) => ({
      productId: product.id,
      licenseType: index % 2 === 0 ? 'Single App License' : 'Multi App License',
      isReskin: 'false',
    }));
    return { plain: { id: plain.id, slug: slugOf(plain.title) }, onSale: { id: onSale.id, slug: slugOf(onSale.title) }, cart, cookies };
  } finally {
    sqlite.close();
  }
}

/** @param {import('better-sqlite3').Database} sqlite */
function removeRows(sqlite) {
  sqlite.transaction(() => {
    sqlite.prepare('delete from sale_products where sale_id = ?').run(`${ROW_PREFIX}sale`);
    sqlite.prepare('delete from sales where id = ?').run(`${ROW_PREFIX}sale`);
    sqlite.prepare('delete from discount_codes where id = ?').run(`${ROW_PREFIX}code`);
    sqlite.prepare("delete from sessions where user_id like ? || '%'").run(ROW_PREFIX);
    sqlite.prepare("delete from users where id like ? || '%'").run(ROW_PREFIX);
  })();
}

/** @param {string} file */
function removePricingRows(file) {
  const sqlite = new Database(file);
  try {
    removeRows(sqlite);
  } finally {
    sqlite.close();
  }
}

/**
 * @typedef {{ name: string, note: string, path: string, method?: string, body?: string, signedIn?: boolean, against: string }} PricingCall
 * @typedef {PricingCall & { server: import('./harness.mjs').Figures, rounds: number[], cpuMsPerRequest: number, bytes: number, ratio: number | null, cpuRatio: number | null, met: boolean | null }} PricingRow
 */

/**
 * Measures the pricing calls over the catalogue `databaseUrl` (SQLite) in a child process.
 * @param {{ databaseUrl: string, dataDir: string, connections: number, seconds: number, warmup: number, log?: (line: string) => void }} options
 */
export async function measurePricing({ databaseUrl, dataDir, connections, seconds, warmup, log = () => {} }) {
  const file = databaseUrl.slice('sqlite:'.length);
  const { plain, onSale, cart, cookies } = addPricingRows(file);
  const cartBody = JSON.stringify({ products: cart, code: CODE.toLowerCase() });
  /** @type {PricingCall[]} */
  const calls = [
    {
      name: 'product page read',
      note: "today's: GET /api/product/by-slug of a product not on sale (a visitor's, kept)",
      path: `/api/product/by-slug/${encodeURIComponent(plain.slug)}`,
      against: 'product page read',
    },
    {
      name: 'product page read, on sale',
      note: 'the same read of a product on sale',
      path: `/api/product/by-slug/${encodeURIComponent(onSale.slug)}`,
      against: 'product page read',
    },
    {
      name: 'product page',
      note: "today's server-drawn /downloads/{title} of a product not on sale (a visitor's, kept)",
      path: `/downloads/${encodeURIComponent(plain.slug)}`,
      against: 'product page',
    },
    {
      name: 'product page, on sale',
      note: 'the same page of a product on sale',
      path: `/downloads/${encodeURIComponent(onSale.slug)}`,
      against: 'product page',
    },
    {
      name: 'product page read, signed in',
      note: "today's read for a signed-in buyer (never kept: it is the buyer's own)",
      path: `/api/product/by-slug/${encodeURIComponent(plain.slug)}`,
      signedIn: true,
      against: 'product page read, signed in',
    },
    {
      name: 'product page read, on sale, signed in',
      note: 'the same read of a product on sale',
      path: `/api/product/by-slug/${encodeURIComponent(onSale.slug)}`,
      signedIn: true,
      against: 'product page read, signed in',
    },
    {
      name: 'cart price, 10 lines and a code',
      note: `POST /api/cart/price: ${CART_LINES} lines (one on sale), the seller's 20% code, ${BUYERS} buyers in turn`,
      path: '/api/cart/price',
      method: 'POST',
      body: cartBody,
      signedIn: true,
      against: 'product page read, signed in',
    },
  ];
  rmSync(path.join(dataDir, 'access-pricing.log'), { force: true });
  const app = await startChild(new URL('./app-server.mjs', import.meta.url), {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // As production runs it: an access line per request, appended to a file (README.md "LOG_FILE").
      LOG_LEVEL: 'info',
      LOG_FILE: path.join(dataDir, 'access-pricing.log'),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: 'false',
      ALLOW_SIMULATED_PAYMENTS: 'true',
      HOST: '127.0.0.1',
      PORT: '0',
      TRANSLATE_URL: undefined,
    },
  });
  /** @type {PricingRow[]} */
  const rows = [];
  try {
    // The server-drawn page needs the web app's server build; without it the pages are the browser's to draw.
    const pagesDrawn = (await fetch(`${app.url}/downloads/${encodeURIComponent(plain.slug)}`)).ok;
    const measured = calls.filter((call) => {
      if (!call.path.startsWith('/downloads/') || pagesDrawn) return true;
      log(`  skipped ${call.name}: the web app is not built`);
      return false;
    });
    const json = { 'content-type': 'application/json' };
    /** @type {Map<string, { figures: import('./harness.mjs').Figures[], cpuMs: number[], bytes: number }>} */
    const runs = new Map();
    for (const call of measured) {
      const url = `${app.url}${call.path}`;
      const bytes = call.method
        ? Buffer.byteLength(
            await (await fetch(url, { method: call.method, body: call.body, headers: { ...json, cookie: cookies[0] ?? '' } })).text(),
          )
        : (await snapshot(url)).body.length;
      runs.set(call.name, { figures: [], cpuMs: [], bytes });
    }
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const call of measured) {
        const before = cpuSecondsOf(app.pid ?? 0);
        const figures = await measure({
          url: `${app.url}${call.path}`,
          connections,
          duration: seconds,
          warmup,
          ...(call.signedIn ? { headerSets: cookies.map((cookie) => ({ cookie })) } : {}),
          ...(call.method ? { method: call.method, body: call.body, headers: json } : {}),
        });
        // The warm-up's requests are in the CPU time too: counted at the measured rate.
        const requests = figures.requests + figures.requestsPerSecond * warmup;
        const cpuMs = ((cpuSecondsOf(app.pid ?? 0) - before) * 1000) / requests;
        const run = runs.get(call.name);
        run?.figures.push(figures);
        run?.cpuMs.push(cpuMs);
        log(
          `  round ${round}, ${call.name}: ${Math.round(figures.requestsPerSecond)} req/s, p99 ${figures.p99Ms} ms, ${cpuMs.toFixed(2)} ms CPU a request`,
        );
      }
    }
    for (const call of measured) {
      const run = runs.get(call.name);
      if (!run) continue;
      const rates = run.figures.map((figures) => figures.requestsPerSecond);
      // The round with the median rate stands for the call.
      const server = run.figures.find((figures) => figures.requestsPerSecond === median(rates));
      if (!server) continue;
      const against = rows.find((row) => row.name === call.against);
      const compared = against && call.against !== call.name;
      const ratio = compared ? server.requestsPerSecond / against.server.requestsPerSecond : null;
      const cpuMsPerRequest = median(run.cpuMs);
      const cpuRatio = compared ? against.cpuMsPerRequest / cpuMsPerRequest : null;
      rows.push({
        ...call,
        server,
        rounds: rates.map(Math.round),
        cpuMsPerRequest,
        bytes: run.bytes,
        ratio,
        cpuRatio,
        // Judged by the server's CPU time a request: on a shared machine the rates move by half from round to round.
        met: cpuRatio === null ? null : cpuRatio >= PRICING_AIM,
      });
    }
  } finally {
    await app.close();
    removePricingRows(file);
  }
  return rows;
}

/** @param {PricingRow[]} rows */
export function printPricing(rows) {
  console.log(
    `\n  Sales and codes beside today's product page (aim: within ${Math.round((1 - PRICING_AIM) * 100)}% of the server's CPU time a request of the read compared)`,
  );
  const header = ['call', 'bytes', 'req/s (rounds)', 'p50 ms', 'p99 ms', 'CPU ms/req', 'compared with', 'req/s ratio', 'CPU ratio', 'aim'];
  const lines = rows.map((row) => [
    row.name,
    String(row.bytes),
    `${Math.round(row.server.requestsPerSecond)} (${row.rounds.join(', ')})`,
    String(row.server.p50Ms),
    String(row.server.p99Ms),
    row.cpuMsPerRequest.toFixed(2),
    row.ratio === null ? '' : row.against,
    percent(row.ratio),
    percent(row.cpuRatio),
    row.met === null ? '' : row.met ? '✔' : '✘',
  ]);
  console.log('');
  printTable(header, lines, [0, 6, 9]);
}
