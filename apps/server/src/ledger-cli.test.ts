import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrateToLatest, openDatabase, unitOfWork } from './db/index.js';
import { LedgerService, providerAccount, sellerAccount } from './modules/ledger/index.js';
import { systemClock } from './platform/clock.js';
import { forgeLedgerEntries } from './test/ledger.js';
import { FAKE_STRIPE_SECRET_KEY, startFakeStripe } from './test/fake-stripe.js';
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
    const ledger = new LedgerService({
      ...database,
      inTransaction: unitOfWork(database.db, console),
      clock: systemClock,
      payoutHoldDays: null,
      paidLinesWithoutSale: () => Promise.resolve([]),
    });
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

  it('reconciles with Stripe: names a charge the ledger never recorded, and says simulated payments have nothing to compare', async () => {
    const url = await emptyDatabaseUrl();
    const database = openDatabase({ url });
    await migrateToLatest(database.db);
    await database.destroy();
    const stripe = await startFakeStripe();
    const created = await fetch(`${stripe.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${FAKE_STRIPE_SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ amount: '4999', currency: 'usd' }),
    });
    const { id } = (await created.json()) as { id: string };
    await stripe.payWithCard(id);
    const today = new Date().toISOString().slice(0, 10);

    const differs = await runCommand(CLI, url, ['reconcile', '--since', today], stripe.env());
    expect(differs).toEqual({
      code: 1,
      output: `charge:${id}: the ledger has $0.00, Stripe $49.99\n1 difference(s) from ${today}T00:00:00.000Z to ${differs.output.match(/to (\S+)\.\n$/)?.[1]}.\n`,
    });

    const before = await runCommand(CLI, url, ['reconcile', '--since', '2020-01-01', '--until', '2020-01-02'], stripe.env());
    expect(before).toEqual({
      code: 0,
      output: 'The ledger agrees with Stripe from 2020-01-01T00:00:00.000Z to 2020-01-02T00:00:00.000Z.\n',
    });
    expect(await runCommand(CLI, url, ['reconcile', '--since', today])).toEqual({
      code: 0,
      output: 'Payments are simulated: there is no provider record to reconcile the ledger with.\n',
    });
    const wrong = await runCommand(CLI, url, ['reconcile', '--since', 'yesterday']);
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain('--since (and --until, if given) must be UTC days or moments');
  });
});
