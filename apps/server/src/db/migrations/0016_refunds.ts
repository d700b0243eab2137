import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Refunds that revoke: each refunded licence is one ledger row, never an edit of the sale,
 * and a buyer's request for one is kept with its answer.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Unique: a licence is refunded once, however many clicks, instances or webhooks ask for it.
    .addColumn('purchase_line_id', 'text', (c) => c.notNull().unique().references('purchase_lines.id').onDelete('cascade'))
    .addColumn('purchase_id', 'text', (c) => c.notNull().references('purchases.id').onDelete('cascade'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    // The seller whose earnings lose it, kept as sold: the ledger must not move if the product does.
    .addColumn('seller_id', 'text', (c) => c.notNull())
    .addColumn('buyer_id', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // 'admin' (our refund call) or 'provider' (made in the provider's dashboard, learnt by webhook).
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('refunded_by', 'text')
    // 'pending' while the provider is being asked (it counts in the ledger already), then 'succeeded'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider_refund_id', 'text')
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refunds_seller').on('refunds').column('seller_id').execute();
  await db.schema.createIndex('refunds_purchase').on('refunds').column('purchase_id').execute();

  await db.schema
    .createTable('refund_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // One request per licence: a declined one is answered, not asked again.
    .addColumn('purchase_line_id', 'text', (c) => c.notNull().unique().references('purchase_lines.id').onDelete('cascade'))
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    // Pending | Refunded | Declined
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('decline_reason', 'text')
    .addColumn('answered_by', 'text')
    .addColumn('answered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('refund_requests_status_created').on('refund_requests').columns(['status', 'created_at']).execute();

  // The simulated provider keeps what it refunded of each intent, as Stripe does.
  await db.schema
    .alterTable('simulated_payment_intents')
    .addColumn('amount_refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('simulated_payment_intents').dropColumn('amount_refunded_cents').execute();
  await db.schema.dropTable('refund_requests').execute();
  await db.schema.dropTable('refunds').execute();
}
