import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Single → Multi upgrades (docs/decisions/0010). A licence's type was its sold line's; an upgrade
 * changes it, so the licence keeps the type an upgrade (or the refund of one) set, null while it is
 * still the type its line sold. An upgrade is an order line of its own (kind `upgrade`) naming the
 * licence it upgrades. Both columns are added empty: a release before this one reads and writes as
 * it did.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('licences').addColumn('license_type', 'text').execute();
  // No foreign key, as for product_id: a checkout's line outlives what it names, to be resolved by hand
  // (and SQLite cannot drop a column that holds one).
  await db.schema.alterTable('order_lines').addColumn('licence_id', 'text').execute();
  await db.schema.createIndex('order_lines_licence').on('order_lines').column('licence_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('order_lines_licence').execute();
  await db.schema.alterTable('order_lines').dropColumn('licence_id').execute();
  await db.schema.alterTable('licences').dropColumn('license_type').execute();
}
