import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Each reversal of a payout's transfer the ledger recorded (docs/decisions/0012, "Refunds after a
 * transfer"), by Stripe's id: ours (a refund that left the seller below zero) and those made in
 * Stripe's dashboard, which reach us only as `transfer.reversed`. The id is the key, so a replayed
 * event, or two deliveries at once, record a reversal once.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('connect_transfer_reversals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payout_id', 'text', (c) => c.notNull().references('connect_payouts.id').onDelete('restrict'))
    // What the seller got back: the net from their Stripe account, the rest from the platform's fee.
    .addColumn('gross_cents', 'integer', (c) => c.notNull().check(sql`gross_cents > 0`))
    // What Stripe took back from the seller's account.
    .addColumn('net_cents', 'integer', (c) => c.notNull().check(sql`net_cents > 0`))
    .addColumn('origin', 'text', (c) => c.notNull().check(sql`origin in ('payouts', 'dashboard')`))
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('connect_transfer_reversals_payout').on('connect_transfer_reversals').column('payout_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('connect_transfer_reversals').execute();
}
