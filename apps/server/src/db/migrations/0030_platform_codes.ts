import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Platform-wide discount codes (docs/decisions/0009 "Platform codes"): an admin's code that reaches
 * any seller's lines, its discount funded by the platform. `platform` marks them (their `seller_id`
 * is the admin who made them); their text is unique among live platform codes, apart from sellers'
 * codes. Each order line keeps what part of its discount the platform funded, so a refund turns the
 * sale's entries round exactly (docs/decisions/0008 "Entries").
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('discount_codes')
    .addColumn('platform', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.dropIndex('discount_codes_seller_code').execute();
  await db.schema
    .createIndex('discount_codes_seller_code')
    .on('discount_codes')
    .columns(['seller_id', 'code_key'])
    .unique()
    .where(sql<boolean>`deleted_at is null and platform = 0`)
    .execute();
  await db.schema
    .createIndex('discount_codes_platform_code')
    .on('discount_codes')
    .column('code_key')
    .unique()
    .where(sql<boolean>`deleted_at is null and platform = 1`)
    .execute();
  await db.schema
    .alterTable('order_lines')
    .addColumn('platform_discount_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`platform_discount_cents >= 0 and platform_discount_cents <= discount_cents`),
    )
    .execute();
}

/**
 * Platform codes are marked deleted (the code before this one would read them as codes of the admin
 * who made them); the lines forget the platform's part of their discounts.
 */
export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('order_lines').dropColumn('platform_discount_cents').execute();
  const now = new Date().toISOString();
  await db
    .updateTable('discount_codes')
    .set({ deleted_at: now, updated_at: now })
    .where('platform', '=', 1)
    .where('deleted_at', 'is', null)
    .execute();
  await db.schema.dropIndex('discount_codes_platform_code').execute();
  await db.schema.dropIndex('discount_codes_seller_code').execute();
  await db.schema
    .createIndex('discount_codes_seller_code')
    .on('discount_codes')
    .columns(['seller_id', 'code_key'])
    .unique()
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();
  await db.schema.alterTable('discount_codes').dropColumn('platform').execute();
}
