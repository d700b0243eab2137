import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Moderation with reasons: every decision kept with who, when and why, and a seller's
 * edit of an approved product kept aside (one per product) until an admin approves or rejects it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('product_moderation_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('actor_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('product_moderation_log_product_created')
    .on('product_moderation_log')
    .columns(['product_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('product_pending_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // One open change per product: a second edit replaces the first.
    .addColumn('product_id', 'text', (c) => c.notNull().unique().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    /** The product's updated_at when the change was sent: a later write makes the change stale. */
    .addColumn('base_updated_at', 'text', (c) => c.notNull())
    /** The whole form as it would be (JSON), checked when sent. */
    .addColumn('form_json', 'text', (c) => c.notNull())
    .addColumn('feature_img_key', 'text')
    .addColumn('thumbnail_key', 'text')
    /** JSON array of image keys, or null when the screenshots stay. */
    .addColumn('screenshots_json', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_pending_changes_created').on('product_pending_changes').columns(['created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('product_pending_changes').execute();
  await db.schema.dropTable('product_moderation_log').execute();
}
