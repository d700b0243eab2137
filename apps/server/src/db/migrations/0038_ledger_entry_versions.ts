import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Each entry keeps its place in its account and the balance just after it (pgledger's
 * account_version and account_current_balance; docs/decisions/0008 "Balances kept, not summed"). A
 * statement was ordered by time then a random id, so two entries of one millisecond could read in
 * either order, and its running balance was a window sum over the account's whole history.
 */
export async function up(db: AnyDb): Promise<void> {
  // A `down` keeps the columns (below): running `up` again only numbers what was written meanwhile.
  if (isPostgres(db)) {
    await sql`alter table ledger_entries add column if not exists account_version bigint`.execute(db);
    await sql`alter table ledger_entries add column if not exists balance_after_cents bigint`.execute(db);
  } else {
    const columns = await sql<{ name: string }>`select name from pragma_table_info('ledger_entries')`.execute(db);
    if (!columns.rows.some((column) => column.name === 'account_version')) {
      await db.schema.alterTable('ledger_entries').addColumn('account_version', 'bigint').execute();
      await db.schema.alterTable('ledger_entries').addColumn('balance_after_cents', 'bigint').execute();
    }
  }
  await stampEntryVersions(db);
  await db.schema
    .createIndex('ledger_entries_account_version')
    .ifNotExists()
    .on('ledger_entries')
    .columns(['account', 'currency', 'account_version'])
    .unique()
    .execute();
}

/**
 * Numbers each account's entries that have no number yet after those that do, in the order a
 * statement read them, with the running balance, and sets each balance row's version to its entry
 * count, which new entries continue from. Exported for the benchmark (bench/ledger.mjs), which writes
 * its entries in bulk.
 */
export async function stampEntryVersions(db: AnyDb): Promise<void> {
  // The entries are append-only (0021's triggers): these two columns are written once, here, under the
  // migration's transaction, with the guard lifted for this statement only.
  if (isPostgres(db)) await sql`alter table ledger_entries disable trigger ledger_entries_append_only`.execute(db);
  else await sql`drop trigger ledger_entries_no_update`.execute(db);
  await sql`update ledger_entries
    set account_version = numbered.version, balance_after_cents = numbered.balance_after
    from (
      select e.id,
        coalesce(last.account_version, 0)
          + row_number() over (partition by e.account, e.currency order by e.created_at, e.id) as version,
        coalesce(last.balance_after_cents, 0)
          + sum(e.amount_cents) over (partition by e.account, e.currency order by e.created_at, e.id
              rows between unbounded preceding and current row) as balance_after
      from ledger_entries e
      left join (
        select account, currency, max(account_version) as top from ledger_entries
        where account_version is not null group by account, currency
      ) numbered_before on numbered_before.account = e.account and numbered_before.currency = e.currency
      left join ledger_entries last on last.account = e.account and last.currency = e.currency
        and last.account_version = numbered_before.top
      where e.account_version is null
    ) as numbered
    where numbered.id = ledger_entries.id`.execute(db);
  if (isPostgres(db)) await sql`alter table ledger_entries enable trigger ledger_entries_append_only`.execute(db);
  else
    await sql`create trigger ledger_entries_no_update before update on ledger_entries
      begin select raise(abort, 'ledger entries are append-only'); end`.execute(db);
  await sql`update ledger_balances
    set version = coalesce((select count(*) from ledger_entries e
      where e.account = ledger_balances.account and e.currency = ledger_balances.currency), 0)`.execute(db);
}

/**
 * Keeps the numbers: the code before this migration neither reads nor writes them, and they are the
 * only record of which of two entries of one millisecond came first. `up` numbers the entries written
 * in between after them.
 */
export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('ledger_entries_account_version').ifExists().execute();
}
