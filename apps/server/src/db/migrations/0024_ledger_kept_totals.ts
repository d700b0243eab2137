import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * What refunds and withdrawals moved, kept on each balance row beside the balance (docs/decisions/0008
 * "Balances kept, not summed"): the dashboard's refunded and withdrawn figures were sums over a
 * seller's entries and withdrawals, which grow with the seller's history.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('ledger_balances')
    .addColumn('refund_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('ledger_balances')
    .addColumn('withdrawal_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await fillKeptTotals(db);
}

/** The sum of a balance row's entries that carry `link`. */
const partOf = (link: 'refund_id' | 'withdrawal_id') =>
  sql`coalesce((select sum(e.amount_cents) from ledger_entries e
    where e.account = ledger_balances.account and e.currency = ledger_balances.currency and ${sql.ref(`e.${link}`)} is not null), 0)`;

/**
 * Each balance row's refund and withdrawal parts, summed from its entries. Exported for the benchmark
 * (bench/ledger.mjs), which rebuilds its balances as migrations 0022 and this one do.
 */
export async function fillKeptTotals(db: AnyDb): Promise<void> {
  await db
    .updateTable('ledger_balances')
    .set({ refund_cents: partOf('refund_id'), withdrawal_cents: partOf('withdrawal_id') })
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('ledger_balances').dropColumn('withdrawal_cents').execute();
  await db.schema.alterTable('ledger_balances').dropColumn('refund_cents').execute();
}
