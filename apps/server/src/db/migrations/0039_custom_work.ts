import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Custom work as an escrowed order (docs/decisions/0013): the quote and its state, its milestones,
 * its deliveries with their analyses, and what happened to it, in order. Its money lives in the
 * ledger (`escrow:{id}`); a funding order line names the order and the milestone it pays.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('custom_work')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('seller_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('restrict'))
    .addColumn('quoted_by', 'text', (c) => c.notNull())
    .addColumn('scope_html', 'text', (c) => c.notNull())
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents > 0`))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_milestone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revisions_used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revisions_allowed', 'integer', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('auto_release_at', 'text')
    // The smallest reminder (in days before the automatic release) already sent for the current delivery.
    .addColumn('reminded_days', 'integer')
    .addColumn('disputed_from', 'text')
    .addColumn('dispute_reason', 'text')
    .addColumn('disputed_by', 'text')
    .addColumn('disputed_at', 'text')
    .addColumn('resolution_outcome', 'text')
    .addColumn('resolution_seller_cents', 'integer')
    .addColumn('resolution_buyer_cents', 'integer')
    .addColumn('resolution_note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('custom_work_buyer').on('custom_work').columns(['buyer_id', 'created_at']).execute();
  await db.schema.createIndex('custom_work_seller').on('custom_work').columns(['seller_id', 'created_at']).execute();
  await db.schema.createIndex('custom_work_status_release').on('custom_work').columns(['status', 'auto_release_at']).execute();

  await db.schema
    .createTable('custom_work_milestones')
    .addColumn('custom_work_id', 'text', (c) => c.notNull().references('custom_work.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('funded_at', 'text')
    .addColumn('finished_at', 'text')
    // A refund the provider still has to make (a cancellation, a dispute's refund or split): claimed in
    // the ledger with the order's change, made by the provider after, retried until it is.
    .addColumn('refund_cents', 'integer')
    .addColumn('provider_refund_id', 'text')
    .addPrimaryKeyConstraint('custom_work_milestones_pk', ['custom_work_id', 'position'])
    .execute();

  await db.schema
    .createTable('custom_work_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('custom_work_id', 'text', (c) => c.notNull().references('custom_work.id').onDelete('cascade'))
    .addColumn('milestone', 'integer', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('analysis_json', 'text')
    .addColumn('diff_json', 'text')
    .addColumn('refused_reason', 'text')
    .addColumn('analysed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('custom_work_deliveries_work')
    .on('custom_work_deliveries')
    .columns(['custom_work_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('custom_work_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('custom_work_id', 'text', (c) => c.notNull().references('custom_work.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('by', 'text', (c) => c.notNull())
    .addColumn('what', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute();
  await db.schema.createIndex('custom_work_events_work').on('custom_work_events').columns(['custom_work_id', 'at']).execute();

  await db.schema.alterTable('order_lines').addColumn('custom_work_id', 'text').execute();
  await db.schema.alterTable('order_lines').addColumn('milestone', 'integer').execute();
  await db.schema.createIndex('order_lines_custom_work').on('order_lines').columns(['custom_work_id', 'milestone']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('order_lines_custom_work').execute();
  await db.schema.alterTable('order_lines').dropColumn('milestone').execute();
  await db.schema.alterTable('order_lines').dropColumn('custom_work_id').execute();
  await db.schema.dropTable('custom_work_events').execute();
  await db.schema.dropTable('custom_work_deliveries').execute();
  await db.schema.dropTable('custom_work_milestones').execute();
  await db.schema.dropTable('custom_work').execute();
}
