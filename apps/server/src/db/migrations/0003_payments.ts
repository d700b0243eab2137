import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * The simulated payment provider's own intents. They live in the database, not in memory, so
 * every instance behind a load balancer agrees on an intent's state; the app's view of an
 * intent stays in `payments`.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('simulated_payment_intents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('client_secret', 'text', (c) => c.notNull().unique())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('metadata', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_user_id').on('payments').column('user_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('payments_user_id').ifExists().execute();
  await db.schema.dropTable('simulated_payment_intents').ifExists().execute();
}
