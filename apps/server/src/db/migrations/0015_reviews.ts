import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Verified-buyer reviews: one per buyer and product, the seller's reply beside it, and an
 * admin's hiding kept with who and why.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('product_reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('reply_text', 'text')
    .addColumn('replied_at', 'text')
    .addColumn('hidden_at', 'text')
    .addColumn('hidden_by', 'text')
    .addColumn('hidden_reason', 'text')
    .addUniqueConstraint('product_reviews_one_per_buyer', ['product_id', 'buyer_id'])
    .execute();
  await db.schema.createIndex('product_reviews_product_created').on('product_reviews').columns(['product_id', 'created_at']).execute();
  // Kept beside the product, in the review's transaction, so a card shows its stars without a join.
  await db.schema
    .alterTable('products')
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('review_total', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('products').dropColumn('review_total').execute();
  await db.schema.alterTable('products').dropColumn('review_count').execute();
  await db.schema.dropTable('product_reviews').execute();
}
