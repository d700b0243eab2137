import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Scoped tokens with an expiry (docs/decisions/0014). Tokens made before could only verify purchase
 * codes, so they keep that one scope, and expire a year after this migration rather than never.
 * `last_used_at` was already there.
 */
export async function up(db: AnyDb): Promise<void> {
  // A JSON array of scope names, as the contracts list them.
  await db.schema
    .alterTable('api_tokens')
    .addColumn('scopes', 'text', (c) => c.notNull().defaultTo('["licences:read"]'))
    .execute();
  await db.schema.alterTable('api_tokens').addColumn('expires_at', 'text').execute();
  await sql`update api_tokens set expires_at = ${new Date(Date.now() + YEAR_MS).toISOString()}`.execute(db);
  // SQLite cannot add the constraint to an existing column; there the application always sets it.
  if (isPostgres(db)) await sql`alter table api_tokens alter column expires_at set not null`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['expires_at', 'scopes']) await db.schema.alterTable('api_tokens').dropColumn(column).execute();
}
