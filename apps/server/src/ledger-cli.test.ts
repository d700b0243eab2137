import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrateToLatest, openDatabase } from './db/index.js';
import { LedgerService, providerAccount, sellerAccount } from './modules/ledger/index.js';
import { systemClock } from './platform/clock.js';
import { forgeLedgerEntries } from './test/ledger.js';
import { emptyDatabaseUrl, runCommand } from './test/processes.js';

/** The compiled command, as `npm run ledger` runs it (`npm run build` first). */
const CLI = path.resolve(import.meta.dirname, '../dist/ledger-cli.js');

const ledgerCheck = (databaseUrl: string) => runCommand(CLI, databaseUrl, ['check']);

describe('npm run ledger -- check', () => {
  it('says a sound ledger balances, and names what does not once entries are forged around it', async () => {
    const url = await emptyDatabaseUrl();
    const database = openDatabase({ url });
    onTestFinished(() => database.destroy());
    await migrateToLatest(database.db);
    const ledger = new LedgerService({ ...database, clock: systemClock, paidLinesWithoutSale: () => Promise.resolve([]) });
    await database.db.transaction().execute((trx) =>
      ledger.post(trx, {
        kind: 'sale',
        postings: [
          { account: sellerAccount('s1'), amountCents: 1_250 },
          { account: providerAccount('stripe'), amountCents: -1_250 },
        ],
      }),
    );

    const sound = await ledgerCheck(url);
    expect(sound).toEqual({
      code: 0,
      output: 'The ledger balances: every transaction sums to zero, every balance equals its entries and every paid line has its sale.\n',
    });

    await forgeLedgerEntries(database.db, 'forged', [{ account: sellerAccount('s1'), amountCents: 99 }]);
    await database.destroy();

    const broken = await ledgerCheck(url);
    expect(broken.code).toBe(1);
    expect(broken.output).toBe(
      'transaction forged: its entries do not sum to zero\nseller:s1 (usd): balance 1250 cents, its entries sum to 1349\n',
    );
  });
});
