import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * With payouts through Stripe Connect a sale's money waits on the seller's `maturing:` account until
 * the refund window has passed (docs/decisions/0012). Each sold line that has money waiting is listed
 * with the day it matures, so the maturity job reads the lines due, not the ledger's history.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('maturing_lines')
    .addColumn('order_line_id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('maturing_lines_due').on('maturing_lines').column('due_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('maturing_lines').execute();
}
