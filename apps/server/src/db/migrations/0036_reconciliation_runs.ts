import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The daily comparison of Stripe's balance transactions with the ledger (docs/decisions/0012,
 * "Reconciliation"): each run, the period it covered and how many of Stripe's transactions it
 * checked, and each difference it found. Runs are numbered one after another: two instances that
 * both ran store one of them, as the second's number is taken.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('reconciliation_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'integer', (c) => c.notNull().unique())
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('provider_transactions', 'integer', (c) => c.notNull().check(sql`provider_transactions >= 0`))
    .addColumn('differences', 'integer', (c) => c.notNull().check(sql`differences >= 0`))
    // null: the daily job; else the admin who asked for it.
    .addColumn('requested_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .addCheckConstraint('reconciliation_runs_period', sql`period_start <= period_end`)
    .execute();
  await db.schema
    .createTable('reconciliation_differences')
    .addColumn('run_id', 'text', (c) => c.notNull().references('reconciliation_runs.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('ledger_cents', 'integer', (c) => c.notNull())
    .addColumn('provider_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('reconciliation_differences_pk', ['run_id', 'key'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('reconciliation_differences').execute();
  await db.schema.dropTable('reconciliation_runs').execute();
}
