import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Payout holds (docs/decisions/0012 "Holds"): why a seller's payouts wait, what they must do and
 * when it is reviewed, placed by an admin (`held_by`) or a rule (null). A release fills the
 * `released_*` columns; no row is ever deleted, so every hold and release stays as history.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('payout_holds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason_code', 'text', (c) => c.notNull())
    .addColumn('needed', 'text', (c) => c.notNull())
    // A calendar day, YYYY-MM-DD.
    .addColumn('review_by', 'text', (c) => c.notNull())
    .addColumn('held_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('released_at', 'text')
    .addColumn('released_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('release_note', 'text')
    .execute();
  await db.schema.createIndex('payout_holds_seller').on('payout_holds').columns(['seller_id', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('payout_holds').execute();
}
