import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Sellers' discount codes and their redemptions (docs/decisions/0009). A use is held when a checkout
 * starts (`uses` counts held and paid uses, raised only while below `max_redemptions`), kept when the
 * payment is recorded, and given back when the checkout closes unpaid.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('discount_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    // Upper-cased: codes are unique per seller and typed in any case.
    .addColumn('code_key', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // Percent 1–100, or cents off each line.
    .addColumn('amount', 'integer', (c) => c.notNull())
    // 'Single App License' and/or 'Multi App License', as a JSON array.
    .addColumn('licence_types', 'text', (c) => c.notNull())
    .addColumn('starts_at', 'text')
    .addColumn('ends_at', 'text')
    .addColumn('max_redemptions', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('one_per_buyer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('min_subtotal_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // A deleted code that was used stays for its orders' history; its text may be used again.
    .addColumn('deleted_at', 'text')
    .addCheckConstraint('discount_codes_kind', sql`kind in ('percent', 'fixed')`)
    .addCheckConstraint('discount_codes_amount', sql`amount > 0 and (kind <> 'percent' or amount <= 100)`)
    .addCheckConstraint('discount_codes_uses', sql`uses >= 0 and (max_redemptions is null or uses <= max_redemptions)`)
    .execute();
  await db.schema
    .createIndex('discount_codes_seller_code')
    .on('discount_codes')
    .columns(['seller_id', 'code_key'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.createIndex('discount_codes_code').on('discount_codes').column('code_key').execute();

  await db.schema
    .createTable('discount_code_products')
    .addColumn('code_id', 'text', (c) => c.notNull().references('discount_codes.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('discount_code_products_key', ['code_id', 'product_id'])
    .execute();

  await db.schema
    .createTable('discount_redemptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code_id', 'text', (c) => c.notNull().references('discount_codes.id').onDelete('cascade'))
    // One code per order.
    .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id').onDelete('cascade'))
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The buyer's id for a one-per-buyer code, else the redemption's own: unique per code while held or paid.
    .addColumn('buyer_key', 'text', (c) => c.notNull())
    // held → paid, or held → released when the checkout closed unpaid.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull())
    // What the order paid for the code's seller's lines, recorded when paid.
    .addColumn('paid_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addCheckConstraint('discount_redemptions_status', sql`status in ('held', 'paid', 'released')`)
    .execute();
  await db.schema
    .createIndex('discount_redemptions_once_per_buyer')
    .on('discount_redemptions')
    .columns(['code_id', 'buyer_key'])
    .unique()
    .where(sql.ref('status'), '<>', 'released')
    .execute();
  await db.schema.createIndex('discount_redemptions_status_created').on('discount_redemptions').columns(['status', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('discount_redemptions').execute();
  await db.schema.dropTable('discount_code_products').execute();
  await db.schema.dropTable('discount_codes').execute();
}
