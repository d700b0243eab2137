import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Password reset tokens: only the SHA-256 of the token mailed to the user is kept, so the table
 * does not yield working links; `used_at` is set once, by the one reset that consumes it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('password_resets')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('password_resets_user_id').on('password_resets').column('user_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('password_resets_user_id').ifExists().execute();
  await db.schema.dropTable('password_resets').ifExists().execute();
}
