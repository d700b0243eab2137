import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Idempotency keys of unsafe requests: the first request with a key claims its row (the primary
 * key makes a concurrent twin fail), and on success stores the answer that a repeat is given.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('body', 'text')
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['user_id', 'scope', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created_at').on('idempotency_keys').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('idempotency_keys_created_at').ifExists().execute();
  await db.schema.dropTable('idempotency_keys').ifExists().execute();
}
