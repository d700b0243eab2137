import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Bundles (docs/decisions/0011): some of a seller's products at one price per licence type. A bought
 * bundle is one order line of kind `bundle` per product, each naming its bundle, so refunds and
 * statements stay per product and a refund can find the bundle's other lines.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('bundles')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('single_app_license_cents', 'integer', (c) => c.notNull())
    .addColumn('multi_app_license_cents', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // A deleted bundle stays for the orders that name it (their receipts and refunds); it is never sold again.
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('bundles_seller').on('bundles').columns(['seller_id', 'created_at']).execute();

  await db.schema
    .createTable('bundle_products')
    .addColumn('bundle_id', 'text', (c) => c.notNull().references('bundles.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    // The order the seller chose them in: the bundle's page and its order lines follow it.
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bundle_products_key', ['bundle_id', 'product_id'])
    .execute();
  await db.schema.createIndex('bundle_products_product').on('bundle_products').column('product_id').execute();

  // No foreign key, as for the line's product: a line keeps what was sold as it was.
  await db.schema.alterTable('order_lines').addColumn('bundle_id', 'text').execute();
  await db.schema.createIndex('order_lines_bundle').on('order_lines').column('bundle_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  // Code from before bundles knows licence lines only: a bundle's lines become plain licence lines, their paid cents kept.
  await db.updateTable('order_lines').set({ kind: 'licence' }).where('kind', '=', 'bundle').execute();
  await db.schema.dropIndex('order_lines_bundle').execute();
  await db.schema.alterTable('order_lines').dropColumn('bundle_id').execute();
  await db.schema.dropTable('bundle_products').execute();
  await db.schema.dropTable('bundles').execute();
}
