import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrateToLatest, openDatabase } from './db/index.js';
import { LedgerService, providerAccount, sellerAccount } from './modules/ledger/index.js';
import { systemClock } from './platform/clock.js';
import { emptyPostgresDatabase } from './test/processes.js';

/** The compiled command, as `npm run ledger` runs it (`npm run build` first). */
const CLI = path.resolve(import.meta.dirname, '../dist/ledger-cli.js');

async function emptyDatabaseUrl(): Promise<string> {
  if (process.env.TEST_DB === 'postgres') return emptyPostgresDatabase();
  const dir = mkdtempSync(path.join(tmpdir(), 'market-ledger-cli-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return `sqlite:${path.join(dir, 'market.db')}`;
}

async function ledgerCheck(databaseUrl: string) {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, 'check'], {
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      cwd: tmpdir(),
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('npm run ledger -- check', () => {
  it('says a sound ledger balances, and names what does not once entries are forged around it', async () => {
    const url = await emptyDatabaseUrl();
    const database = openDatabase({ url });
    onTestFinished(() => database.destroy());
    await migrateToLatest(database.db);
    const ledger = new LedgerService({ ...database, clock: systemClock });
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
      output: 'The ledger balances: every transaction sums to zero and every balance equals its entries.\n',
    });

    const entry = {
      currency: 'usd',
      kind: 'adjustment' as const,
      order_line_id: null,
      refund_id: null,
      withdrawal_id: null,
      reverses_transaction_id: null,
    };
    await database.db
      .insertInto('ledger_entries')
      .values({
        ...entry,
        id: 'forged-1',
        transaction_id: 'forged',
        account: sellerAccount('s1'),
        amount_cents: 99,
        created_at: new Date().toISOString(),
      })
      .execute();
    await database.destroy();

    const broken = await ledgerCheck(url);
    expect(broken.code).toBe(1);
    expect(broken.output).toBe(
      'transaction forged: its entries do not sum to zero\nseller:s1 (usd): balance 1250 cents, its entries sum to 1349\n',
    );
  });
});
