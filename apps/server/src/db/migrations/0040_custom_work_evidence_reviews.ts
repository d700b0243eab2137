import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Custom work's disputes and reviews (docs/decisions/0013): the evidence either side and the admins
 * add to a dispute, each a message with a file at most; and the buyer's review of work the seller
 * was paid for, one per order, listed on the product's page.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('custom_work_evidence')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('custom_work_id', 'text', (c) => c.notNull().references('custom_work.id').onDelete('cascade'))
    .addColumn('by', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text')
    .addColumn('file_name', 'text')
    .addColumn('content_type', 'text')
    .addColumn('size_bytes', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('custom_work_evidence_work').on('custom_work_evidence').columns(['custom_work_id', 'created_at']).execute();

  await db.schema
    .createTable('custom_work_reviews')
    .addColumn('custom_work_id', 'text', (c) => c.primaryKey().references('custom_work.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('custom_work_reviews_product').on('custom_work_reviews').columns(['product_id', 'updated_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('custom_work_reviews').execute();
  await db.schema.dropTable('custom_work_evidence').execute();
}
