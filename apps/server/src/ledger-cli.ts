// `npm run ledger -- check`: proves the ledger sound (docs/decisions/0008), as housekeeping does each round.
import { openDatabase } from './db/index.js';
import { LedgerService } from './modules/ledger/index.js';
import { paidLinesWithoutSaleEntries } from './modules/orders/index.js';
import { systemClock } from './platform/clock.js';
import { ConfigError, loadConfig } from './platform/config.js';

const USAGE = `Usage:
  npm run ledger -- check   every ledger transaction sums to zero, every balance equals its entries
                            and every paid purchase line has its sale entries

Exits 1 and lists what is wrong otherwise. The database is DATABASE_URL's (and .env's), as for npm start.`;

async function main(command: string | undefined): Promise<number> {
  if (command !== 'check') {
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
    const ledger = new LedgerService({
      ...database,
      clock: systemClock,
      paidLinesWithoutSale: () => paidLinesWithoutSaleEntries(database.db),
    });
    const { unbalancedTransactions, balancesOff, linesWithoutSale } = await ledger.check();
    for (const id of unbalancedTransactions) console.log(`transaction ${id}: its entries do not sum to zero`);
    for (const off of balancesOff) {
      console.log(`${off.account} (${off.currency}): ${off.figure} ${off.stored} cents, its entries sum to ${off.summed}`);
    }
    for (const id of linesWithoutSale) console.log(`purchase line ${id}: paid, but has no sale entries`);
    if (unbalancedTransactions.length || balancesOff.length || linesWithoutSale.length) return 1;
    console.log('The ledger balances: every transaction sums to zero, every balance equals its entries and every paid line has its sale.');
    return 0;
  } finally {
    await database.destroy();
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
