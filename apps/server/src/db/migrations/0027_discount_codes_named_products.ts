import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Whether a code was made for named products (docs/decisions/0009). A deleted product leaves its codes'
 * product lists (ON DELETE CASCADE); a code whose named products are all gone has an empty list, which
 * alone would read as "all of the seller's products".
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('discount_codes')
    .addColumn('names_products', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('discount_codes')
    .set({ names_products: 1 })
    .where('id', 'in', db.selectFrom('discount_code_products').select('code_id'))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('discount_codes').dropColumn('names_products').execute();
}
