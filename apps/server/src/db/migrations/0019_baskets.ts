import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A signed-in person's cart and wishlist, kept with the account instead of the browser, so signing
 * out leaves nothing behind for the next person at a shared computer. One row per line; a product
 * is at most once in each list.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('basket_lines')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('license_type', 'text', (c) => c.notNull())
    .addColumn('is_reskin', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('basket_lines_pk', ['user_id', 'kind', 'product_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('basket_lines').execute();
}
