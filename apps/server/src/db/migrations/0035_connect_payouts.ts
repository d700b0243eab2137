import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Payouts through Stripe Connect (docs/decisions/0012, "A payout"): each one claimed from a seller's
 * balance, then sent by Stripe as a transfer (`transferred`) or refused (`failed`, the claim given
 * back). A seller has one claim under way at most, so two instances never pay them twice. A refund
 * after the transfer that leaves the seller below zero takes it back from the transfer (`reversed_cents`).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('connect_payouts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('seller_id', 'text', (c) => c.notNull().references('users.id').onDelete('restrict'))
    .addColumn('stripe_account_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('fee_cents', 'integer', (c) => c.notNull().check(sql`fee_cents >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('claimed', 'transferred', 'failed')`))
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('claim_transaction_id', 'text', (c) => c.notNull())
    .addColumn('transfer_id', 'text')
    // What of `amount_cents` a refund after the transfer took back from it (its net part from Stripe, its fee part from the platform).
    .addColumn('reversed_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure', 'text')
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addCheckConstraint('connect_payouts_reversed_within', sql`reversed_cents >= 0 and reversed_cents <= amount_cents`)
    .execute();
  await db.schema
    .createIndex('connect_payouts_one_claim')
    .on('connect_payouts')
    .column('seller_id')
    .unique()
    .where(sql<boolean>`status = 'claimed'`)
    .execute();
  await db.schema.createIndex('connect_payouts_seller').on('connect_payouts').columns(['seller_id', 'claimed_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('connect_payouts').execute();
}
