import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Seller analytics (docs/decisions/0020): the storefront's counted events rolled up per product,
 * day and referrer (no visitor, no address), the referrer an order was placed from, and which
 * buyers downloaded which release (one row each, however often they download it).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('product_analytics_daily')
    .addColumn('product_id', 'text', (c) => c.notNull())
    // YYYY-MM-DD, UTC.
    .addColumn('day', 'text', (c) => c.notNull())
    // '' for a direct visit: a primary key column cannot be null.
    .addColumn('referrer', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('carts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checkouts', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_analytics_daily_pk', ['product_id', 'day', 'referrer'])
    .execute();

  await db.schema
    .createTable('release_downloads')
    .addColumn('release_id', 'text', (c) => c.notNull().references('product_releases.id').onDelete('cascade'))
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('first_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('release_downloads_pk', ['release_id', 'buyer_id'])
    .execute();

  await db.schema.alterTable('orders').addColumn('referrer', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('referrer').execute();
  await db.schema.dropTable('release_downloads').execute();
  await db.schema.dropTable('product_analytics_daily').execute();
}
