import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Database, LedgerEntriesTable } from '../../db/schema.js';

export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type StatementRow = Pick<LedgerEntryRow, 'id' | 'created_at' | 'kind' | 'order_line_id'> & {
  amount_cents: number;
  balance_cents: number;
};

/**
 * A seller's earnings net of refunds, for a query over users (`userId` is its column): the seller
 * account's balance plus what withdrawals took off it. The SQL of the ledger's tables stays here.
 */
export function netEarningsOfSeller(userId: RawBuilder<string> | ReturnType<typeof sql.ref>) {
  const account = sql<string>`'seller:' || ${userId}`;
  return sql<number>`(coalesce((select b.balance_cents from ledger_balances b where b.account = ${account} and b.currency = 'usd'), 0)
    - coalesce((select sum(e.amount_cents) from ledger_entries e where e.account = ${account}
        and (e.kind = 'withdrawal' or (e.kind = 'reversal' and e.withdrawal_id is not null))), 0))`;
}

/** The lines that have a sale in the ledger, for a query over sold lines to join (`order_line_id`). */
export function linesWithSaleEntries(db: Kysely<Database>) {
  return db
    .selectFrom('ledger_entries')
    .select('order_line_id')
    .distinct()
    .where('kind', '=', 'sale')
    .where('order_line_id', 'is not', null);
}

const balanceKey = (row: { account: string; currency: string }) => `${row.account}\u0000${row.currency}`;

/** Ledger rows, and nothing but the queries; the rules are the service's. */
export class LedgerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds `amountCents` to the account's balance, creating it at that amount; one row lock, taken in the caller's order. */
  async addToBalance(account: string, currency: string, amountCents: number, at: string): Promise<void> {
    await this.db
      .insertInto('ledger_balances')
      .values({ account, currency, balance_cents: amountCents, version: 1, updated_at: at })
      .onConflict((conflict) =>
        conflict.columns(['account', 'currency']).doUpdateSet({
          balance_cents: sql`ledger_balances.balance_cents + excluded.balance_cents`,
          version: sql`ledger_balances.version + 1`,
          updated_at: sql`excluded.updated_at`,
        }),
      )
      .execute();
  }

  async insertEntries(rows: LedgerEntryRow[]): Promise<void> {
    await this.db.insertInto('ledger_entries').values(rows).execute();
  }

  async balanceOf(account: string, currency: string): Promise<number> {
    const row = await this.db
      .selectFrom('ledger_balances')
      .select('balance_cents')
      .where('account', '=', account)
      .where('currency', '=', currency)
      .executeTakeFirst();
    return Number(row?.balance_cents ?? 0);
  }

  /** Minus the sum of the account's refund entries and their reversals (both carry the refund). */
  async refundedFrom(account: string, currency: string): Promise<number> {
    const row = await this.db
      .selectFrom('ledger_entries')
      .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('cents'))
      .where('account', '=', account)
      .where('currency', '=', currency)
      .where('kind', 'in', ['refund', 'reversal'])
      .where('refund_id', 'is not', null)
      .executeTakeFirstOrThrow();
    return -Number(row.cents);
  }

  /** The balance, with its row locked until the transaction ends (PostgreSQL; SQLite's write lock already is). */
  async lockedBalanceOf(account: string, currency: string, lockRows: boolean): Promise<number> {
    const query = this.db
      .selectFrom('ledger_balances')
      .select('balance_cents')
      .where('account', '=', account)
      .where('currency', '=', currency);
    const row = await (lockRows ? query.forUpdate() : query).executeTakeFirst();
    return Number(row?.balance_cents ?? 0);
  }

  /** The transaction of `kind` written for this refund, if any (its entries carry the link). */
  async transactionOfRefund(kind: string, refundId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('ledger_entries')
      .select('transaction_id')
      .where('refund_id', '=', refundId)
      .where('kind', '=', kind as LedgerEntryRow['kind'])
      .executeTakeFirst();
    return row?.transaction_id;
  }

  /** One page of the account's entries, newest first, each with the balance just after it. */
  async statement(account: string, currency: string, limit: number, offset: number): Promise<StatementRow[]> {
    const rows = await this.db
      .selectFrom('ledger_entries')
      .select([
        'id',
        'created_at',
        'kind',
        'amount_cents',
        'order_line_id',
        sql<number>`sum(amount_cents) over (order by created_at, id rows between unbounded preceding and current row)`.as('balance_cents'),
      ])
      .where('account', '=', account)
      .where('currency', '=', currency)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents), balance_cents: Number(row.balance_cents) }));
  }

  async entryCount(account: string, currency: string): Promise<number> {
    const row = await this.db
      .selectFrom('ledger_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account', '=', account)
      .where('currency', '=', currency)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  entriesOfTransaction(transactionId: string): Promise<LedgerEntryRow[]> {
    return this.db.selectFrom('ledger_entries').selectAll().where('transaction_id', '=', transactionId).orderBy('account').execute();
  }

  /** Transactions whose entries do not sum to zero, per currency: there must never be one. */
  async unbalancedTransactions(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('ledger_entries')
      .select('transaction_id')
      .groupBy(['transaction_id', 'currency'])
      .having(sql<number>`sum(amount_cents)`, '<>', 0)
      .execute();
    return [...new Set(rows.map((row) => row.transaction_id))];
  }

  /** Every account's stored balance beside the sum of its entries, where the two differ. */
  async balancesOffTheirEntries(): Promise<Array<{ account: string; currency: string; stored: number; summed: number }>> {
    const summed = await this.db
      .selectFrom('ledger_entries')
      .select(['account', 'currency', sql<number>`sum(amount_cents)`.as('summed')])
      .groupBy(['account', 'currency'])
      .execute();
    const stored = await this.db.selectFrom('ledger_balances').select(['account', 'currency', 'balance_cents']).execute();
    const sums = new Map(summed.map((row) => [balanceKey(row), Number(row.summed)]));
    const balances = new Map(stored.map((row) => [balanceKey(row), Number(row.balance_cents)]));
    const off = [];
    for (const name of new Set([...sums.keys(), ...balances.keys()])) {
      const [account, currency] = name.split('\u0000') as [string, string];
      const entriesSum = sums.get(name) ?? 0;
      const balance = balances.get(name) ?? 0;
      if (entriesSum !== balance) off.push({ account, currency, stored: balance, summed: entriesSum });
    }
    return off;
  }
}
