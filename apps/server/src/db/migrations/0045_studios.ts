import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Studios (docs/decisions/0018): a seller's account turned into a studio, its members in roles,
 * their invitations and what they did, and the studio a session acts for.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('studios')
    .addColumn('id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('studio_members')
    .addColumn('studio_id', 'text', (c) => c.notNull().references('studios.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('studio_members_pk', ['studio_id', 'user_id'])
    .execute();
  // The header's switcher: the studios of one person.
  await db.schema.createIndex('studio_members_user').on('studio_members').columns(['user_id']).execute();

  await db.schema
    .createTable('studio_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('studio_id', 'text', (c) => c.notNull().references('studios.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'text')
    .execute();
  await db.schema.createIndex('studio_invitations_studio').on('studio_invitations').columns(['studio_id', 'created_at']).execute();

  await db.schema
    .createTable('studio_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('studio_id', 'text', (c) => c.notNull().references('studios.id').onDelete('cascade'))
    .addColumn('member_user_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('studio_audit_studio').on('studio_audit').columns(['studio_id', 'created_at', 'id']).execute();

  await db.schema.alterTable('sessions').addColumn('active_studio_id', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('sessions').dropColumn('active_studio_id').execute();
  await db.schema.dropTable('studio_audit').execute();
  await db.schema.dropTable('studio_invitations').execute();
  await db.schema.dropTable('studio_members').execute();
  await db.schema.dropTable('studios').execute();
}
