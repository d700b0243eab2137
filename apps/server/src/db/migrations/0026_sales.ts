import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Sales (docs/decisions/0009 "Sales"): every product's price history, from which a sale's
 * struck-through price is shown to be real and its lowest price of the previous 30 days is read, and
 * sellers' sales: a percent off some products for a period.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('product_prices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('single_app_license_cents', 'integer', (c) => c.notNull())
    .addColumn('multi_app_license_cents', 'integer', (c) => c.notNull())
    // The prices hold from this moment until the product's next row.
    .addColumn('from_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_prices_product_from').on('product_prices').columns(['product_id', 'from_at']).execute();
  // What each product costs today, held since it was listed: the history before this migration is not known.
  const randomId = isPostgres(db) ? sql`substr(md5(random()::text || id), 1, 24)` : sql`lower(hex(randomblob(12)))`;
  await sql`insert into product_prices (id, product_id, single_app_license_cents, multi_app_license_cents, from_at)
    select ${randomId}, id, single_app_license_cents, multi_app_license_cents, created_at from products`.execute(db);

  await db.schema
    .createTable('sales')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('percent', 'integer', (c) => c.notNull())
    .addColumn('starts_at', 'text', (c) => c.notNull())
    .addColumn('ends_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('sales_percent', sql`percent between 1 and 90`)
    .addCheckConstraint('sales_period', sql`ends_at > starts_at`)
    .execute();
  await db.schema.createIndex('sales_seller').on('sales').columns(['seller_id', 'starts_at']).execute();
  await db.schema.createIndex('sales_ends').on('sales').column('ends_at').execute();

  await db.schema
    .createTable('sale_products')
    .addColumn('sale_id', 'text', (c) => c.notNull().references('sales.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    // The lowest price of each licence in the 30 days before the sale starts, fixed when it is made:
    // the product's prices cannot change while a sale on it is scheduled or running.
    .addColumn('lowest_single_cents', 'integer', (c) => c.notNull())
    .addColumn('lowest_multi_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sale_products_key', ['sale_id', 'product_id'])
    .execute();
  await db.schema.createIndex('sale_products_product').on('sale_products').column('product_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sale_products').execute();
  await db.schema.dropTable('sales').execute();
  await db.schema.dropTable('product_prices').execute();
}
