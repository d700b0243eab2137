import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Chargebacks (docs/decisions/0012, "Disputes"): one row per dispute the provider reports, unique on
 * its id so a replayed webhook writes nothing, and how its amount was spread over the order's lines;
 * the ledger's entries of a dispute name it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('disputes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_dispute_id', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .addUniqueConstraint('disputes_provider_dispute', ['provider', 'provider_dispute_id'])
    .addCheckConstraint('disputes_status', sql`status in ('open', 'won', 'lost')`)
    .execute();
  await db.schema.createIndex('disputes_order').on('disputes').column('order_id').execute();
  await db.schema
    .createTable('dispute_lines')
    .addColumn('dispute_id', 'text', (c) => c.notNull().references('disputes.id').onDelete('cascade'))
    .addColumn('order_line_id', 'text', (c) => c.notNull())
    .addColumn('seller_id', 'text', (c) => c.notNull())
    .addColumn('cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('dispute_lines_pk', ['dispute_id', 'order_line_id'])
    .addCheckConstraint('dispute_lines_cents', sql`cents > 0`)
    .execute();
  // A dispute's ledger entries name it, so reconciliation compares them with Stripe's dispute adjustments.
  await db.schema.alterTable('ledger_entries').addColumn('dispute_id', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('ledger_entries').dropColumn('dispute_id').execute();
  await db.schema.dropTable('dispute_lines').execute();
  await db.schema.dropTable('disputes').execute();
}
