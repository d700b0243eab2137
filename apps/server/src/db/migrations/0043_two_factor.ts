import type { Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Two-factor sign-in and step-up (docs/decisions/0016): a TOTP secret and hashed recovery codes per
 * user, sign-ins waiting for their second factor, the devices a user has signed in from, and
 * sessions that can be listed and ended one by one.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('user_totp')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text', (c) => c.notNull())
    // null: enrolment started and not yet confirmed with a code.
    .addColumn('confirmed_at', 'text')
    // The last accepted time step: a code is good once (RFC 6238, section 5.2).
    .addColumn('last_step', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('recovery_codes_user').on('recovery_codes').columns(['user_id', 'code_hash']).execute();

  await db.schema
    .createTable('pending_sign_ins')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('user_agent', 'text')
    .addColumn('ip_address', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sign_in_devices')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // SHA-256 of user agent and address: which combinations were seen, not a log of them.
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_in_devices_pk', ['user_id', 'device_hash'])
    .execute();

  await db.schema.alterTable('sessions').addColumn('id', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('ip_address', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
  await db.schema.alterTable('sessions').addColumn('stepped_up_at', 'text').execute();
  await db.schema
    .alterTable('sessions')
    .addColumn('enrolment_only', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Live sessions get a public id of their own, never derived from the token's hash.
  const existing = (await db.selectFrom('sessions').select('token_hash').execute()) as { token_hash: string }[];
  for (const { token_hash } of existing) {
    await db
      .updateTable('sessions')
      .set({ id: randomBytes(12).toString('base64url') })
      .where('token_hash', '=', token_hash)
      .execute();
  }
  await db.schema.createIndex('sessions_id').on('sessions').column('id').unique().execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'created_at']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('sessions_user').execute();
  await db.schema.dropIndex('sessions_id').execute();
  for (const column of ['enrolment_only', 'stepped_up_at', 'last_seen_at', 'ip_address', 'user_agent', 'id']) {
    await db.schema.alterTable('sessions').dropColumn(column).execute();
  }
  await db.schema.dropTable('sign_in_devices').execute();
  await db.schema.dropTable('pending_sign_ins').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('user_totp').execute();
}
