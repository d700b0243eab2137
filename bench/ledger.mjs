// The seller's money as the ledger grows (docs/decisions/0008 "Balances kept, not summed"): the
// dashboard's earnings read and real withdrawals, over a ledger of 1,000 entries and one of
// 1,000,000, on PostgreSQL (as production runs) and on SQLite (the embedded default).
//
// Each ledger is built in a fresh database, dropped at the end: balanced transactions (sales, sales
// with a reskin quoted, refunds, withdrawals and their payouts, as docs/decisions/0008's table writes
// them) for 997 sellers and the measured one, who gets a tenth of them, written by one bulk INSERT …
// SELECT over a generated series; then the balances are rebuilt (and the entries numbered) by migrations
// 0022's, 0024's and 0038's code and
// the ledger's own check (LedgerService.check, `npm run ledger -- check`) must pass before anything
// is measured. The measured seller signs up over HTTP like anybody else; the app runs in a child
// process as production runs it (NODE_ENV=production, an access line per request at LOG_LEVEL=info).
// Runs alone as `node bench/ledger.mjs` after `npm run build`, or as `npm run bench -- ledger`.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase, unitOfWork } from '../apps/server/dist/db/index.js';
import { rebuildBalances } from '../apps/server/dist/db/migrations/0022_ledger_history.js';
import { fillKeptTotals } from '../apps/server/dist/db/migrations/0024_ledger_kept_totals.js';
import { stampEntryVersions } from '../apps/server/dist/db/migrations/0038_ledger_entry_versions.js';
import { LedgerService } from '../apps/server/dist/modules/ledger/index.js';
import { paidLinesWithoutSaleEntries } from '../apps/server/dist/modules/orders/index.js';
import { systemClock } from '../apps/server/dist/platform/clock.js';
import { measure, sendRequests, startChild } from './harness.mjs';
import { printTable } from './table.mjs';

/** docs/decisions/0008: a dashboard read is one indexed row however long the ledger; this is its aim here. */
export const LEDGER_AIMS = { dashboardP99Ms: 10 };
export const LEDGER_SIZES = [1_000, 1_000_000];

// One cycle is one seller's 47 transactions, 100 entries: 40 sales (2 entries each), 2 sales with a
// reskin quoted (4), a refund of the cycle's first sale (2), and 2 withdrawals (3) each paid out (2).
// Sales are $19.99 to $99.98; the withdrawals, $900 to $1,095 each, take about four fifths of what
// the cycle earned, so a seller's balance grows slowly and never goes below zero.
const ENTRIES_PER_CYCLE = 100;
const TRANSACTIONS_PER_CYCLE = 47;
/** Sellers other than the measured one; a prime, so a cycle's seller does not follow its tenth. */
const OTHER_SELLERS = 997;
const HISTORY_SECONDS = 2 * 365 * 24 * 60 * 60;
/** Each measured withdrawal: the smallest amounts, so even the small ledger's seller can afford a thousand. */
const WITHDRAWAL_CENTS = 10;

/**
 * @typedef {'postgres' | 'sqlite'} Engine
 * @typedef {{ engine: Engine, entries: number, sellerEntries: number, buildSeconds: number, checkSeconds: number,
 *   dashboard: import('./harness.mjs').Figures, dashboardAlone: import('./harness.mjs').Figures, signedInFloor: import('./harness.mjs').Figures,
 *   withdrawals: { count: number, connections: number, centsEach: number, p50Ms: number, p99Ms: number, maxMs: number, requestsPerSecond: number,
 *     statusCodes: Record<string, number>, balanceBefore: number, balanceAfter: number, balanceRight: boolean, overdraftRefused: boolean } }} LedgerRow
 */

/**
 * The SQL that writes `cycles` cycles of history: users for the other sellers, the entries, and the
 * withdrawals rows the entries belong to. The balances are rebuilt afterwards (`buildHistory`).
 * @param {Engine} engine
 * @param {{ cycles: number, sellerId: string, now: Date }} options
 */
export function historyStatements(engine, { cycles, sellerId, now }) {
  const postgres = engine === 'postgres';
  const transactions = cycles * TRANSACTIONS_PER_CYCLE;
  const step = Math.max(1, Math.floor(HISTORY_SECONDS / transactions));
  const start = Math.floor(now.getTime() / 1000) - HISTORY_SECONDS;
  /** A 24-hex id (as newId's) scattered over the key space, from a number unique within `salt`. */
  const hexId = (/** @type {string} */ n, /** @type {string} */ salt) =>
    postgres
      ? `substr(md5('${salt}' || (${n})::text), 1, 24)`
      : `printf('%08x%016x', ((${n}) * 2654435761 + ${salt.charCodeAt(0)}) % 4294967296, ${n})`;
  const isoAt = (/** @type {string} */ g) =>
    postgres
      ? `to_char(to_timestamp(${start} + (${g}) * ${step}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', ${start} + (${g}) * ${step}, 'unixepoch')`;
  const series = (/** @type {string} */ name, /** @type {number} */ last) =>
    postgres
      ? `${name}(n) as (select n from generate_series(0::bigint, ${last}) as s(n))`
      : `${name}(n) as (select 0 union all select n + 1 from ${name} where n < ${last})`;
  const withSeries = `with recursive ${series('cycle_number', cycles - 1)}, ${series('place', TRANSACTIONS_PER_CYCLE - 1)}`;
  const seller = `case when cycle_number.n % 10 = 0 then '${sellerId}' else 'bench-seller-' || (cycle_number.n % ${OTHER_SELLERS}) end`;
  // A transaction: its cycle c, its place k in the cycle, its number g, and every amount it may move.
  const tx = `tx as (
    select c, k, g, seller, ${isoAt('g')} as at_time,
      1999 + (g * 7919) % 8000 as a,
      5000 + (g * 104729) % 10000 as r,
      1999 + ((c * ${TRANSACTIONS_PER_CYCLE}) * 7919) % 8000 as a0,
      c * 2 + (k - 43) / 2 as wi,
      90000 + ((c * 2 + (k - 43) / 2) % 40) * 500 as w,
      (90000 + ((c * 2 + (k - 43) / 2) % 40) * 500) * 92 / 100 as p
    from (select cycle_number.n as c, place.n as k, cycle_number.n * ${TRANSACTIONS_PER_CYCLE} + place.n as g, ${seller} as seller from cycle_number, place) as numbered
  )`;
  const kind = `case when k < 42 then 'sale' when k = 42 then 'refund' when k in (43, 45) then 'withdrawal' else 'payout' end`;
  const links = `case when k <= 42 then ${hexId(`case when k = 42 then c * ${TRANSACTIONS_PER_CYCLE} else g end`, 'line')} end,
      case when k = 42 then ${hexId('c', 'refund')} end,
      case when k >= 43 then ${hexId('wi', 'withdrawal')} end`;
  const columns = (/** @type {number} */ slot, /** @type {string} */ account, /** @type {string} */ amount) =>
    `select ${hexId(`g * 4 + ${slot}`, 'entry')}, ${hexId('g', 'tx')}, ${account}, ${amount}, 'usd', ${kind}, ${links}, null, at_time from tx`;
  const entries = `insert into ledger_entries (id, transaction_id, account, amount_cents, currency, kind, order_line_id, refund_id, withdrawal_id, reverses_transaction_id, created_at)
    ${withSeries}, ${tx}
    ${columns(0, `case when k in (44, 46) then 'payouts:pending' else 'seller:' || seller end`, 'case when k < 42 then a when k = 42 then -a0 when k in (43, 45) then -w else -p end')}
    union all ${columns(1, `case when k <= 42 then 'provider:stripe' when k in (43, 45) then 'payouts:pending' else 'payouts:paypal' end`, 'case when k < 42 then -a when k = 42 then a0 else p end')}
    union all ${columns(2, `case when k in (40, 41) then 'reskin:' || seller else 'platform:fees' end`, 'case when k in (40, 41) then r else w - p end')} where k in (40, 41, 43, 45)
    union all ${columns(3, `'receivable:reskin'`, '-r')} where k in (40, 41)`;
  const withdrawals = `insert into withdrawals (id, user_id, email, amount_cents, status, created_at, paid_at)
    ${withSeries}, ${tx}
    select ${hexId('wi', 'withdrawal')}, seller, 'payouts@bench.invalid', w, 'Success', at_time, ${isoAt('g + 1')} from tx where k in (43, 45)`;
  const users = `insert into users (id, name, email, email_key, number, password_hash, role, created_at)
    with recursive ${series('seller', OTHER_SELLERS - 1)}
    select 'bench-seller-' || n, 'Bench seller ' || n, 'seller' || n || '@bench.invalid', 'seller' || n || '@bench.invalid', '+1 555 0100', '!', 'User', '${now.toISOString()}' from seller`;
  return [users, entries, withdrawals];
}

const DATABASE_PREFIX = 'bench_ledger_';

/**
 * Drops the databases of runs that were stopped before they could drop their own (their process is
 * gone); a run still going keeps its.
 * @param {import('kysely').Kysely<any>} db
 */
async function dropLeftovers(db) {
  const { rows } = await sql`select datname from pg_database where datname like ${`${DATABASE_PREFIX}%`}`.execute(db);
  for (const { datname } of /** @type {Array<{ datname: string }>} */ (rows)) {
    const pid = Number(datname.slice(DATABASE_PREFIX.length).split('_')[0]);
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) continue;
    await sql`drop database if exists ${sql.id(datname)} with (force)`.execute(db);
  }
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
}

/**
 * A fresh database of `engine` and how to drop it; PostgreSQL's on the server of `postgresUrl`.
 * @param {Engine} engine
 * @param {string | undefined} postgresUrl
 * @returns {Promise<{ url: string, drop: () => Promise<void> }>}
 */
async function freshDatabase(engine, postgresUrl) {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-ledger-'));
    return { url: `sqlite:${path.join(dir, 'ledger.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  if (!postgresUrl) throw new Error('no PostgreSQL server');
  const name = `${DATABASE_PREFIX}${process.pid}_${Date.now()}`;
  const server = openDatabase({ url: postgresUrl });
  try {
    await dropLeftovers(server.db);
    await sql`create database ${sql.id(name)}`.execute(server.db);
  } finally {
    await server.destroy();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = openDatabase({ url: postgresUrl });
      try {
        await sql`drop database if exists ${sql.id(name)} with (force)`.execute(again.db);
      } finally {
        await again.destroy();
      }
    },
  };
}

/**
 * Signs a new seller up over HTTP, as the sign-up page does; answers their id and session cookie.
 * @param {string} baseUrl
 */
async function signUpSeller(baseUrl) {
  const password = 'Bench-seller-passphrase-41';
  const response = await fetch(`${baseUrl}/api/user/addUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Measured Seller',
      email: 'measured@bench.invalid',
      number: '+1 555 0199',
      password,
      confirmPassword: password,
    }),
  });
  if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const user = /** @type {{ _id: string }} */ (await response.json());
  const session = response.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
  if (!session) throw new Error('sign-up set no session cookie');
  return { id: user._id, cookie: session.split(';')[0] ?? '', password };
}

/**
 * Confirms the password on the session: withdrawals need a step-up within 10 minutes (docs/decisions/0016).
 * @param {string} baseUrl
 * @param {{ cookie: string, password: string }} seller
 */
async function stepUp(baseUrl, seller) {
  const response = await fetch(`${baseUrl}/api/user/2fa/step-up`, {
    method: 'POST',
    headers: { cookie: seller.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ password: seller.password }),
  });
  if (response.status !== 200) throw new Error(`step-up answered ${response.status}: ${await response.text()}`);
}

/**
 * The seller's figures as the dashboard gets them.
 * @param {string} baseUrl
 * @param {string} cookie
 * @returns {Promise<{ availableBalance: number, pendingWithdrawals: number, totalEarnings: number }>}
 */
async function earningsOf(baseUrl, cookie) {
  const response = await fetch(`${baseUrl}/api/user/earnings`, { headers: { cookie } });
  if (!response.ok) throw new Error(`earnings answered ${response.status}`);
  return /** @type {Promise<{ availableBalance: number, pendingWithdrawals: number, totalEarnings: number }>} */ (response.json());
}

const cents = (/** @type {number} */ dollars) => Math.round(dollars * 100);

/**
 * @param {string} databaseUrl
 * @returns {Promise<void>} throws unless every transaction sums to zero and every balance equals its entries
 */
async function checkLedger(databaseUrl) {
  const database = openDatabase({ url: databaseUrl, statementTimeoutMs: 0 });
  try {
    const paidLinesWithoutSale = () => paidLinesWithoutSaleEntries(database.db);
    const { unbalancedTransactions, balancesOff } = await new LedgerService({
      ...database,
      inTransaction: unitOfWork(database.db, console),
      clock: systemClock,
      payoutHoldDays: null,
      paidLinesWithoutSale,
    }).check();
    if (unbalancedTransactions.length || balancesOff.length) {
      throw new Error(
        `ledger check failed: ${unbalancedTransactions.length} unbalanced transactions, ${balancesOff.length} balances off (${JSON.stringify(balancesOff.slice(0, 3))})`,
      );
    }
  } finally {
    await database.destroy();
  }
}

/**
 * Builds one ledger, measures the dashboard read and the withdrawals over it, and drops it.
 * @param {{ engine: Engine, entries: number, postgresUrl?: string | undefined, connections: number, seconds: number, warmup: number,
 *   withdrawals: number, withdrawalConnections: number, log: (line: string) => void }} options
 * @returns {Promise<LedgerRow>}
 */
export async function measureLedger({
  engine,
  entries,
  postgresUrl,
  connections,
  seconds,
  warmup,
  withdrawals,
  withdrawalConnections,
  log,
}) {
  if (entries % ENTRIES_PER_CYCLE !== 0) throw new Error(`a ledger of ${entries} entries: use a multiple of ${ENTRIES_PER_CYCLE}`);
  const cycles = entries / ENTRIES_PER_CYCLE;
  const database = await freshDatabase(engine, postgresUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-ledger-data-'));
  try {
    const setup = openDatabase({ url: database.url, statementTimeoutMs: 0 });
    try {
      await migrateToLatest(setup.db);
    } finally {
      await setup.destroy();
    }
    const app = await startChild(new URL('./app-server.mjs', import.meta.url), {
      stdout: 'ignore',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'false',
        ALLOW_SIMULATED_PAYMENTS: 'true',
        HOST: '127.0.0.1',
        PORT: '0',
      },
    });
    try {
      const seller = await signUpSeller(app.url);
      const started = performance.now();
      const handle = openDatabase({ url: database.url, statementTimeoutMs: 0 });
      let sellerEntries;
      try {
        for (const statement of historyStatements(engine, { cycles, sellerId: seller.id, now: new Date() })) {
          await sql.raw(statement).execute(handle.db);
        }
        // Every balance summed from the entries by the very code of the migrations that did it for the history before the ledger.
        await rebuildBalances(handle.db);
        await fillKeptTotals(handle.db);
        await stampEntryVersions(handle.db);
        // What autovacuum does to a table that grew over years; SQLite has no such thing, and the app runs no ANALYZE.
        if (engine === 'postgres') await sql`vacuum analyze`.execute(handle.db);
        const counted =
          await sql`select count(*) as n, sum(case when account = ${`seller:${seller.id}`} then 1 else 0 end) as mine from ledger_entries`.execute(
            handle.db,
          );
        const row = /** @type {{ n: number | string, mine: number | string }} */ (counted.rows[0]);
        if (Number(row.n) !== entries) throw new Error(`the ledger holds ${row.n} entries, not ${entries}`);
        sellerEntries = Number(row.mine);
      } finally {
        await handle.destroy();
      }
      const buildSeconds = (performance.now() - started) / 1000;
      const checkStarted = performance.now();
      await checkLedger(database.url);
      const checkSeconds = (performance.now() - checkStarted) / 1000;
      log(
        `  ${engine}, ${entries.toLocaleString('en')} entries (${sellerEntries.toLocaleString('en')} on the measured seller): built in ${buildSeconds.toFixed(1)} s, ledger check passed in ${checkSeconds.toFixed(1)} s`,
      );

      const dashboard = await measure({
        url: `${app.url}/api/user/earnings`,
        connections,
        duration: seconds,
        warmup,
        headers: { cookie: seller.cookie },
      });
      // The floor under any signed-in read: the session's user alone (one indexed row), measured the same way.
      const floor = await measure({
        url: `${app.url}/api/user/currentUser`,
        connections,
        duration: seconds,
        warmup,
        headers: { cookie: seller.cookie },
      });
      // One connection: the time a request takes with nobody queued before it (autocannon counts whole
      // milliseconds, so its mean is worked out from the rate).
      const alone = await measure({
        url: `${app.url}/api/user/earnings`,
        connections: 1,
        duration: seconds,
        warmup: 0,
        headers: { cookie: seller.cookie },
      });
      log(
        `    dashboard earnings: ${Math.round(dashboard.requestsPerSecond)} req/s, p50 ${dashboard.p50Ms} ms, p99 ${dashboard.p99Ms} ms at ${connections} connections; ` +
          `mean ${aloneMeanMs(alone)} ms, p99 ${alone.p99Ms} ms at 1; the signed-in floor (currentUser) ${Math.round(floor.requestsPerSecond)} req/s, p99 ${floor.p99Ms} ms`,
      );

      await stepUp(app.url, seller);
      const before = await earningsOf(app.url, seller.cookie);
      const balanceBefore = cents(before.availableBalance);
      if (balanceBefore < withdrawals * WITHDRAWAL_CENTS) {
        throw new Error(`the seller's balance of ${balanceBefore} cents cannot cover ${withdrawals} withdrawals of ${WITHDRAWAL_CENTS}`);
      }
      const sent = await sendRequests({
        url: `${app.url}/api/withdraw/withdrawDetil`,
        method: 'POST',
        headers: { cookie: seller.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'payouts@bench.invalid', withdrawAmount: WITHDRAWAL_CENTS / 100 }),
        amount: withdrawals,
        connections: withdrawalConnections,
      });
      const after = await earningsOf(app.url, seller.cookie);
      const balanceAfter = cents(after.availableBalance);
      const spent = withdrawals * WITHDRAWAL_CENTS;
      const balanceRight =
        (sent.statusCodes['201'] ?? 0) === withdrawals &&
        sent.errors === 0 &&
        balanceAfter === balanceBefore - spent &&
        cents(after.pendingWithdrawals) === cents(before.pendingWithdrawals) + spent &&
        cents(after.totalEarnings) === cents(before.totalEarnings);
      // One more than is left must be refused, with the balance as it now stands.
      const overdraft = await fetch(`${app.url}/api/withdraw/withdrawDetil`, {
        method: 'POST',
        headers: { cookie: seller.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'payouts@bench.invalid', withdrawAmount: (balanceAfter + 1) / 100 }),
      });
      const refusal = /** @type {{ availableBalance?: number }} */ (await overdraft.json());
      const overdraftRefused = overdraft.status === 400 && cents(refusal.availableBalance ?? -1) === balanceAfter;
      await checkLedger(database.url);
      log(
        `    ${withdrawals} withdrawals over ${withdrawalConnections} connections: p50 ${sent.p50Ms} ms, p99 ${sent.p99Ms} ms, answers ${JSON.stringify(sent.statusCodes)}; ` +
          `balance ${balanceBefore} → ${balanceAfter} cents (${balanceRight ? 'right' : 'WRONG'}), overdraft ${overdraftRefused ? 'refused' : 'NOT refused'}; ledger check passed`,
      );
      if (!balanceRight || !overdraftRefused) throw new Error(`${engine}, ${entries} entries: the withdrawals left the money wrong`);
      return {
        engine,
        entries,
        sellerEntries,
        buildSeconds: Math.round(buildSeconds * 10) / 10,
        checkSeconds: Math.round(checkSeconds * 10) / 10,
        dashboard,
        dashboardAlone: alone,
        signedInFloor: floor,
        withdrawals: {
          count: withdrawals,
          connections: withdrawalConnections,
          centsEach: WITHDRAWAL_CENTS,
          p50Ms: sent.p50Ms,
          p99Ms: sent.p99Ms,
          maxMs: sent.maxMs,
          requestsPerSecond: Math.round(sent.requestsPerSecond),
          statusCodes: sent.statusCodes,
          balanceBefore,
          balanceAfter,
          balanceRight,
          overdraftRefused,
        },
      };
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    await database.drop();
  }
}

/**
 * Every engine and size in turn: PostgreSQL when `postgresUrl` names a server, SQLite always.
 * @param {{ postgresUrl?: string | undefined, sizes?: number[], connections: number, seconds: number, warmup: number,
 *   withdrawals: number, withdrawalConnections: number, log: (line: string) => void }} options
 */
export async function measureLedgers({ postgresUrl, sizes = LEDGER_SIZES, log, ...options }) {
  /** @type {Engine[]} */
  const engines = postgresUrl ? ['postgres', 'sqlite'] : ['sqlite'];
  if (!postgresUrl)
    log('  PostgreSQL skipped: set BENCH_POSTGRES_URL (or TEST_DATABASE_URL) to a server where the bench may create databases');
  /** @type {LedgerRow[]} */
  const rows = [];
  for (const engine of engines) {
    for (const entries of sizes) rows.push(await measureLedger({ engine, entries, postgresUrl, log, ...options }));
  }
  return rows;
}

/** A single connection's mean latency in ms, to a tenth: one request after the other. */
const aloneMeanMs = (/** @type {import('./harness.mjs').Figures} */ figures) => Math.round(10_000 / figures.requestsPerSecond) / 10;

/** @param {LedgerRow[]} rows */
export function printLedgers(rows) {
  const header = [
    'engine',
    'entries',
    "seller's",
    'earnings req/s',
    'p50 ms',
    'p99 ms',
    '1 conn mean',
    'p99',
    'floor req/s',
    'p99',
    'withdrawals',
    'p50 ms',
    'p99 ms',
    'money',
    'aim',
  ];
  const lines = rows.map((row) => [
    row.engine,
    row.entries.toLocaleString('en'),
    row.sellerEntries.toLocaleString('en'),
    String(Math.round(row.dashboard.requestsPerSecond)),
    String(row.dashboard.p50Ms),
    String(row.dashboard.p99Ms),
    String(aloneMeanMs(row.dashboardAlone)),
    String(row.dashboardAlone.p99Ms),
    String(Math.round(row.signedInFloor.requestsPerSecond)),
    String(row.signedInFloor.p99Ms),
    `${row.withdrawals.count} × ${row.withdrawals.connections} conn`,
    String(row.withdrawals.p50Ms),
    String(row.withdrawals.p99Ms),
    row.withdrawals.balanceRight && row.withdrawals.overdraftRefused ? 'right' : 'WRONG',
    `p99 < ${LEDGER_AIMS.dashboardP99Ms} ms ${row.dashboard.p99Ms < LEDGER_AIMS.dashboardP99Ms ? '✔' : '✘'}`,
  ]);
  console.log('');
  printTable(header, lines, [0, 10, 13, 14]);
}

/** The settings of `npm run bench` as this scenario reads them. */
export function ledgerSettingsFromEnv() {
  return {
    postgresUrl: process.env.BENCH_POSTGRES_URL ?? process.env.TEST_DATABASE_URL,
    sizes: process.env.BENCH_LEDGER_SIZES ? process.env.BENCH_LEDGER_SIZES.split(',').map(Number) : LEDGER_SIZES,
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    seconds: Number(process.env.BENCH_SECONDS ?? 10),
    warmup: Number(process.env.BENCH_WARMUP_SECONDS ?? 2),
    withdrawals: Number(process.env.BENCH_WITHDRAWALS ?? 1000),
    withdrawalConnections: Number(process.env.BENCH_WITHDRAWAL_CONNECTIONS ?? 10),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const rows = await measureLedgers({ ...ledgerSettingsFromEnv(), log: console.log });
  printLedgers(rows);
}
