import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/** A random UUID v4 made by the database: version nibble 4, variant 8–b. */
const randomUuid = (db: AnyDb) =>
  isPostgres(db)
    ? sql`gen_random_uuid()::text`
    : sql`lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' ||
        substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))`;

/**
 * Licences you can prove: every bought line is a licence with a random purchase code and a
 * status; buyers register the apps that use it; sellers verify codes with API tokens kept as hashes.
 * Lines bought before this get their codes here.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('purchase_lines').addColumn('purchase_code', 'text').execute();
  await db.schema
    .alterTable('purchase_lines')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('Active'))
    .execute();
  await db.schema.alterTable('purchase_lines').addColumn('revoked_reason', 'text').execute();
  await db.schema.alterTable('purchase_lines').addColumn('revoked_at', 'text').execute();
  await sql`update purchase_lines set purchase_code = ${randomUuid(db)}`.execute(db);
  // SQLite cannot add the constraint to an existing column; there the application always sets it.
  if (isPostgres(db)) await sql`alter table purchase_lines alter column purchase_code set not null`.execute(db);
  await db.schema.createIndex('purchase_lines_purchase_code').on('purchase_lines').column('purchase_code').unique().execute();

  await db.schema
    .createTable('licence_apps')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('purchase_line_id', 'text', (c) => c.notNull().references('purchase_lines.id').onDelete('cascade'))
    .addColumn('app_name', 'text', (c) => c.notNull())
    .addColumn('bundle_id', 'text', (c) => c.notNull())
    .addColumn('store_url', 'text')
    // 1 when the licence holds a single app: the partial index below lets it keep one live registration.
    .addColumn('sole_app', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // Cleared by an admin for a buyer who changed apps: kept, with who and why, out of every count.
    .addColumn('cleared_at', 'text')
    .addColumn('cleared_by', 'text')
    .addColumn('cleared_reason', 'text')
    .execute();
  await db.schema
    .createIndex('licence_apps_one_sole_app')
    .on('licence_apps')
    .column('purchase_line_id')
    .unique()
    .where(sql.ref('sole_app'), '=', 1)
    .where(sql.ref('cleared_at'), 'is', null)
    .execute();
  // iOS bundle ids ignore case: com.Studio.Game and com.studio.game are one app.
  await db.schema
    .createIndex('licence_apps_bundle_once')
    .on('licence_apps')
    .expression(sql`purchase_line_id, lower(bundle_id)`)
    .unique()
    .where(sql.ref('cleared_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // SHA-256 of the token: the token itself is shown once and never stored.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('api_tokens').execute();
  await db.schema.dropTable('licence_apps').execute();
  await db.schema.dropIndex('purchase_lines_purchase_code').execute();
  for (const column of ['revoked_at', 'revoked_reason', 'status', 'purchase_code']) {
    await db.schema.alterTable('purchase_lines').dropColumn(column).execute();
  }
}
