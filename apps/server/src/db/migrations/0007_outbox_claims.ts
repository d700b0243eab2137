import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * An outbox mail is claimed by one sender until `claimed_until` (ISO time), so instances over one
 * database never send the same mail twice; null: nobody holds it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('claimed_until', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('claimed_until').execute();
}
