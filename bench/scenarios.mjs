// What `npm run bench` can run, and how to pick: no heavy imports, so `--help` answers before a build.

/** Each scenario by the name given on the command line, in the order a full run takes them. */
export const SCENARIOS = {
  catalogue: 'hot catalogue calls over 100,000 products, each beside a bare node:http server',
  pricing: "a product on sale (its read and page) and POST /api/cart/price (10 lines and a code) beside today's product page",
  archive: '"What\'s inside" analysis of a 50,000-entry source archive and of BENCH_REAL_ARCHIVE beside unzip -t',
  'front-end': 'server render times and Lighthouse on the demo shop',
  ledger: "a seller's earnings read and withdrawals over ledgers of 1,000 and 1,000,000 entries (PostgreSQL and SQLite)",
  analytics: 'counting a view or cart event: the record call alone, and the cart event request beside a bare answer',
};

export const USAGE = `Usage: npm run bench -- [scenario ...]   (or node scripts/bench.mjs [scenario ...])

With no scenario, runs them all in this order:
${Object.entries(SCENARIOS)
  .map(([name, what]) => `  ${name.padEnd(10)} ${what}`)
  .join('\n')}

Figures go to bench/report.json. Settings come from the environment (README.md "Benchmarks"):
BENCH_SECONDS, BENCH_WARMUP_SECONDS, BENCH_CONNECTIONS, BENCH_PRODUCTS, BENCH_DATA_DIR,
LIGHTHOUSE_RUNS; for archive, BENCH_REAL_ARCHIVE (a project's .zip; several: separated by ":")
and BENCH_ARCHIVE_RUNS; for ledger, BENCH_POSTGRES_URL (else TEST_DATABASE_URL; neither: SQLite only),
BENCH_LEDGER_SIZES, BENCH_WITHDRAWALS and BENCH_WITHDRAWAL_CONNECTIONS.`;

/**
 * The scenarios named in `args` (all when none), or why not.
 * @param {string[]} args
 * @returns {{ help: true } | { help: false, selected: Set<string> } | { help: false, error: string }}
 */
export function parseScenarios(args) {
  if (args.includes('--help') || args.includes('-h')) return { help: true };
  const unknown = args.filter((name) => !(name in SCENARIOS));
  if (unknown.length) return { help: false, error: `Unknown scenario: ${unknown.join(', ')}\n\n${USAGE}` };
  return { help: false, selected: new Set(args.length ? args : Object.keys(SCENARIOS)) };
}
