import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Sellers' Stripe Express accounts (docs/decisions/0012), one per seller, as Stripe last told us:
 * kept from `account.updated` and from asking Stripe when the seller comes back from onboarding.
 * Booleans are 0/1 integers, as elsewhere, so SQLite and PostgreSQL read them alike.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('payout_accounts')
    .addColumn('seller_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('stripe_account_id', 'text', (c) => c.notNull().unique())
    .addColumn('details_submitted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charges_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('transfers_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('payouts_enabled', 'integer', (c) => c.notNull().defaultTo(0))
    // Stripe's names of what it still asks for, as a JSON list.
    .addColumn('requirements_due', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('disabled_reason', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('payout_accounts').execute();
}
