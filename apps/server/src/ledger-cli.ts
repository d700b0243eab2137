// `npm run ledger -- check`: proves the ledger sound (docs/decisions/0008), as housekeeping does each round.
// `npm run ledger -- reconcile --since`: compares it with the card provider's records (docs/decisions/0012).
import { parseArgs } from 'node:util';
import { formatUsd } from '@market/contracts';
import { openDatabase, type DatabaseHandle } from './db/index.js';
import { systemClock } from './platform/clock.js';
import { ConfigError, loadConfig, type Config } from './platform/config.js';
import { createLogger } from './platform/logger.js';
import { createServices } from './services.js';

const USAGE = `Usage:
  npm run ledger -- check   every ledger transaction sums to zero, every balance equals its entries
                            and every paid purchase line has its sale entries
  npm run ledger -- reconcile --since 2026-11-01 [--until 2026-11-02]
                            every charge, refund, dispute, payout transfer and transfer reversal
                            Stripe records from --since (UTC) to --until (default: now) matches
                            the ledger's, to the cent (the daily job does the same: its last run
                            is on the admin panel's Reconciliation page)

Exits 1 and lists what is wrong otherwise. The database is DATABASE_URL's (and .env's), as for npm start;
Stripe is STRIPE_SECRET_KEY's.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...options] = argv;
  if (command !== 'check' && command !== 'reconcile') {
    console.error(USAGE);
    return command === undefined || command === 'help' ? 0 : 2;
  }
  try {
    process.loadEnvFile();
  } catch {
    // No .env file: the environment alone configures the command.
  }
  const config = loadConfig();
  // A full scan of the entries: no statement limit.
  const database = openDatabase({ url: config.databaseDirectUrl ?? config.databaseUrl, statementTimeoutMs: 0 });
  try {
    return command === 'check' ? await check(config, database) : await reconcile(config, database, options);
  } finally {
    await database.destroy();
  }
}

/** A UTC day (`2026-11-01`) or moment (`2026-11-01T12:00:00Z`); null when it is neither. */
function dateOption(value: string | undefined): Date | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z)?$/.test(value)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

async function reconcile(config: Config, database: DatabaseHandle, options: string[]): Promise<number> {
  const { values } = parseArgs({ args: options, options: { since: { type: 'string' }, until: { type: 'string' } } });
  const since = dateOption(values.since);
  const until = values.until === undefined ? new Date() : dateOption(values.until);
  if (!since || !until || since >= until) {
    console.error(`--since (and --until, if given) must be UTC days or moments, the first before the second.\n\n${USAGE}`);
    return 2;
  }
  const services = createServices(database, systemClock, config, createLogger('silent'));
  const differences = await services.providerComparison.differences(since, until);
  const window = `from ${since.toISOString()} to ${until.toISOString()}`;
  if (differences === null) {
    console.log('Payments are simulated: there is no provider record to reconcile the ledger with.');
    return 0;
  }
  for (const { key, ledgerCents, providerCents } of differences) {
    console.log(`${key}: the ledger has ${formatUsd(ledgerCents)}, Stripe ${formatUsd(providerCents)}`);
  }
  if (differences.length) {
    console.log(`${differences.length} difference(s) ${window}.`);
    return 1;
  }
  console.log(`The ledger agrees with Stripe ${window}.`);
  return 0;
}

async function check(config: Config, database: DatabaseHandle): Promise<number> {
  const services = createServices(database, systemClock, config, createLogger('silent'));
  const { unbalancedTransactions, balancesOff, linesWithoutSale } = await services.ledger.check();
  for (const id of unbalancedTransactions) console.log(`transaction ${id}: its entries do not sum to zero`);
  for (const off of balancesOff) {
    console.log(`${off.account} (${off.currency}): ${off.figure} ${off.stored} cents, its entries sum to ${off.summed}`);
  }
  for (const id of linesWithoutSale) console.log(`purchase line ${id}: paid, but has no sale entries`);
  if (unbalancedTransactions.length || balancesOff.length || linesWithoutSale.length) return 1;
  console.log('The ledger balances: every transaction sums to zero, every balance equals its entries and every paid line has its sale.');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
