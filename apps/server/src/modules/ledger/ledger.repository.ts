import { type Insertable, type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Database, LedgerEntriesTable, MaturingLinesTable } from '../../db/schema.js';

export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type StatementRow = Pick<LedgerEntryRow, 'id' | 'created_at' | 'kind' | 'order_line_id'> & {
  amount_cents: number;
  balance_cents: number;
};

/**
 * A seller's earnings net of refunds, for a query over users (`userId` is its column): the seller
 * account's balance plus what withdrawals took off it, both kept on its balance row. The SQL of the
 * ledger's tables stays here.
 */
export function netEarningsOfSeller(userId: RawBuilder<string> | ReturnType<typeof sql.ref>) {
  const account = sql<string>`'seller:' || ${userId}`;
  return sql<number>`coalesce((select b.balance_cents - b.withdrawal_cents from ledger_balances b where b.account = ${account} and b.currency = 'usd'), 0)`;
}

/** An account's balance as kept, and the parts of it that refunds and withdrawals moved (signed, as the entries are). */
export interface KeptBalance {
  balanceCents: number;
  refundCents: number;
  withdrawalCents: number;
}

const NO_BALANCE: KeptBalance = { balanceCents: 0, refundCents: 0, withdrawalCents: 0 };

/** Which kept part of a balance an entry moves, by what it carries: a refund, a withdrawal, or neither. */
export interface BalanceParts {
  refund: boolean;
  withdrawal: boolean;
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

/**
 * A seller's sale and refund entries (`e`) in US dollars, on the accounts where their earnings land
 * (`seller:`, and `maturing:` with payouts through Connect), for another module's read of revenue by
 * line (docs/decisions/0020): the door's query, never the table's name.
 */
export function sellerEarningEntries(db: Kysely<Database>, sellerId: string) {
  return db
    .selectFrom('ledger_entries as e')
    .where('e.account', 'in', [`seller:${sellerId}`, `maturing:${sellerId}`])
    .where('e.currency', '=', 'usd')
    .where('e.kind', 'in', ['sale', 'refund'])
    .where('e.order_line_id', 'is not', null);
}

const balanceKey = (row: { account: string; currency: string }) => `${row.account}\u0000${row.currency}`;

/** What a balance row keeps: the balance, and the parts of it refunds and withdrawals moved. */
const BALANCE_FIGURES = ['balance', 'refunds', 'withdrawals'] as const;

/** A kept figure that is not the sum of the entries it stands for. */
export interface BalanceOff {
  account: string;
  currency: string;
  figure: (typeof BALANCE_FIGURES)[number];
  stored: number;
  summed: number;
}

/** Ledger rows, and nothing but the queries; the rules are the service's. */
export class LedgerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Adds `amountCents` to the account's balance, and to its refund or withdrawal part when the
   * transaction carries one, creating the row at those amounts; one row lock, taken in the caller's order.
   * Answers the row's new version and balance, which the entry written for it keeps.
   */
  async addToBalance(
    account: string,
    currency: string,
    amountCents: number,
    parts: BalanceParts,
    at: string,
  ): Promise<{ version: number; balanceCents: number }> {
    const row = await this.db
      .insertInto('ledger_balances')
      .values({
        account,
        currency,
        balance_cents: amountCents,
        refund_cents: parts.refund ? amountCents : 0,
        withdrawal_cents: parts.withdrawal ? amountCents : 0,
        version: 1,
        updated_at: at,
      })
      .onConflict((conflict) =>
        conflict.columns(['account', 'currency']).doUpdateSet({
          balance_cents: sql`ledger_balances.balance_cents + excluded.balance_cents`,
          refund_cents: sql`ledger_balances.refund_cents + excluded.refund_cents`,
          withdrawal_cents: sql`ledger_balances.withdrawal_cents + excluded.withdrawal_cents`,
          version: sql`ledger_balances.version + 1`,
          updated_at: sql`excluded.updated_at`,
        }),
      )
      .returning(['version', 'balance_cents'])
      .executeTakeFirstOrThrow();
    return { version: Number(row.version), balanceCents: Number(row.balance_cents) };
  }

  /** Lists a line as having money maturing; a line listed already keeps its date. */
  async listMaturingLine(row: Insertable<MaturingLinesTable>): Promise<void> {
    await this.db
      .insertInto('maturing_lines')
      .values(row)
      .onConflict((conflict) => conflict.column('order_line_id').doNothing())
      .execute();
  }

  async unlistMaturingLine(orderLineId: string): Promise<void> {
    await this.db.deleteFrom('maturing_lines').where('order_line_id', '=', orderLineId).execute();
  }

  /** The lines whose money matures by `now`, soonest first. */
  async dueMaturingLines(now: string, limit: number): Promise<Selectable<MaturingLinesTable>[]> {
    return this.db.selectFrom('maturing_lines').selectAll().where('due_at', '<=', now).orderBy('due_at').limit(limit).execute();
  }

  /** What the seller's lines still have maturing, summed by the day they mature, soonest first. */
  async maturingByDay(sellerId: string, account: string, currency: string): Promise<Array<{ day: string; cents: number }>> {
    const day = sql<string>`substr(maturing_lines.due_at, 1, 10)`;
    const rows = await this.db
      .selectFrom('maturing_lines')
      .innerJoin('ledger_entries', 'ledger_entries.order_line_id', 'maturing_lines.order_line_id')
      .select([day.as('day'), sql<number>`sum(ledger_entries.amount_cents)`.as('cents')])
      .where('maturing_lines.seller_id', '=', sellerId)
      .where('ledger_entries.account', '=', account)
      .where('ledger_entries.currency', '=', currency)
      .groupBy(day)
      .orderBy(day)
      .execute();
    return rows.map((row) => ({ day: row.day, cents: Number(row.cents) })).filter((row) => row.cents !== 0);
  }

  /** What one order line's entries put on the account: an indexed read of that line's few entries. */
  async lineBalance(account: string, orderLineId: string, currency: string): Promise<number> {
    const row = await this.db
      .selectFrom('ledger_entries')
      .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('cents'))
      .where('order_line_id', '=', orderLineId)
      .where('account', '=', account)
      .where('currency', '=', currency)
      .executeTakeFirst();
    return Number(row?.cents ?? 0);
  }

  /** Sellers whose balance is below zero, the furthest first. */
  async sellersBelowZero(limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('ledger_balances')
      .select('account')
      .where('account', 'like', 'seller:%')
      .where('balance_cents', '<', 0)
      .orderBy('balance_cents')
      .limit(limit)
      .execute();
    return rows.map((row) => row.account.slice('seller:'.length));
  }

  /** The account's entries written in [since, until), oldest first. */
  async entriesBetween(account: string, since: string, until: string): Promise<LedgerEntryRow[]> {
    return this.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account', '=', account)
      .where('created_at', '>=', since)
      .where('created_at', '<', until)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async entriesOfDisputes(account: string, disputeIds: readonly string[]): Promise<LedgerEntryRow[]> {
    if (disputeIds.length === 0) return [];
    return this.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('account', '=', account)
      .where('dispute_id', 'in', disputeIds)
      .orderBy('created_at')
      .orderBy('id')
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

  /** Each account's kept balance row, in the order asked, one indexed read per account however long its history; zeros for an account never moved. */
  async keptBalances(accounts: readonly string[], currency: string): Promise<KeptBalance[]> {
    const rows = await this.db
      .selectFrom('ledger_balances')
      .select(['account', 'balance_cents', 'refund_cents', 'withdrawal_cents'])
      .where('account', 'in', accounts)
      .where('currency', '=', currency)
      .execute();
    const byAccount = new Map(
      rows.map((row) => [
        row.account,
        { balanceCents: Number(row.balance_cents), refundCents: Number(row.refund_cents), withdrawalCents: Number(row.withdrawal_cents) },
      ]),
    );
    return accounts.map((account) => byAccount.get(account) ?? NO_BALANCE);
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
      .select(['id', 'created_at', 'kind', 'amount_cents', 'order_line_id', 'balance_after_cents as balance_cents'])
      .where('account', '=', account)
      .where('currency', '=', currency)
      .orderBy('account_version', 'desc')
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

  /** Every account's kept balance, and its refund and withdrawal parts, beside the sums of its entries, where the two differ. */
  async balancesOffTheirEntries(): Promise<BalanceOff[]> {
    const summed = await this.db
      .selectFrom('ledger_entries')
      .select([
        'account',
        'currency',
        sql<number>`sum(amount_cents)`.as('balance'),
        sql<number>`sum(case when refund_id is not null then amount_cents else 0 end)`.as('refunds'),
        sql<number>`sum(case when withdrawal_id is not null then amount_cents else 0 end)`.as('withdrawals'),
      ])
      .groupBy(['account', 'currency'])
      .execute();
    const stored = await this.db
      .selectFrom('ledger_balances')
      .select(['account', 'currency', 'balance_cents as balance', 'refund_cents as refunds', 'withdrawal_cents as withdrawals'])
      .execute();
    const sums = new Map(summed.map((row) => [balanceKey(row), row]));
    const balances = new Map(stored.map((row) => [balanceKey(row), row]));
    const off: BalanceOff[] = [];
    for (const name of new Set([...sums.keys(), ...balances.keys()])) {
      const [account, currency] = name.split('\u0000') as [string, string];
      for (const figure of BALANCE_FIGURES) {
        const entriesSum = Number(sums.get(name)?.[figure] ?? 0);
        const kept = Number(balances.get(name)?.[figure] ?? 0);
        if (entriesSum !== kept) off.push({ account, currency, figure, stored: kept, summed: entriesSum });
      }
    }
    return off;
  }
}
