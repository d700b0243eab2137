import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The money ledger (docs/decisions/0008): entries that are only ever added, each business event one
 * transaction of entries summing to zero, and one balance row per account kept in the same
 * database transaction. Amounts are bigint: a platform account outgrows 32-bit cents ($21 million).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('transaction_id', 'text', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('order_line_id', 'text')
    .addColumn('refund_id', 'text')
    .addColumn('withdrawal_id', 'text')
    .addColumn('reverses_transaction_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('ledger_entries_amount_not_zero', sql`amount_cents <> 0`)
    .execute();
  await db.schema.createIndex('ledger_entries_transaction').on('ledger_entries').column('transaction_id').execute();
  // A statement: one account's entries in order.
  await db.schema.createIndex('ledger_entries_account').on('ledger_entries').columns(['account', 'created_at', 'id']).execute();

  await db.schema
    .createTable('ledger_balances')
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('balance_cents', 'bigint', (c) => c.notNull())
    // How many transactions moved it: a statement's running balance can be checked against it.
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('ledger_balances_pk', ['account', 'currency'])
    .execute();

  // Append-only in the database itself, whatever code runs against it.
  if (isPostgres(db)) {
    await sql`
      create function ledger_entries_append_only() returns trigger language plpgsql as $$
      begin
        raise exception 'ledger entries are append-only' using errcode = 'P0001';
      end;
      $$`.execute(db);
    await sql`
      create trigger ledger_entries_append_only before update or delete on ledger_entries
      for each row execute function ledger_entries_append_only()`.execute(db);
  } else {
    for (const operation of ['update', 'delete']) {
      await sql`
        create trigger ${sql.raw(`ledger_entries_no_${operation}`)} before ${sql.raw(operation)} on ledger_entries
        begin select raise(abort, 'ledger entries are append-only'); end`.execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('ledger_balances').execute();
  await db.schema.dropTable('ledger_entries').execute();
  if (isPostgres(db)) await sql`drop function if exists ledger_entries_append_only()`.execute(db);
}
