import { type Kysely, type Migration, type MigrationProvider, Migrator, PostgresAdapter, sql } from 'kysely';
import * as initial from './migrations/0001_initial.js';
import * as catalogue from './migrations/0002_catalogue.js';
import * as conversations from './migrations/0005_conversations.js';
import type { Database } from './schema.js';

/** Migrations are listed in code so the compiled server carries them; names sort in run order. */
const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_catalogue': catalogue,
  '0005_conversations': conversations,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema it can see; on PostgreSQL another
  // schema's tables (a parallel test run, a neighbouring app) would be taken for ours, so name ours.
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
