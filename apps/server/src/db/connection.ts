import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type DatabaseIntrospector, type DatabaseMetadata, Kysely, PostgresDialect, sql, SqliteDialect, type TableMetadata } from 'kysely';
import { Pool, types } from 'pg';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** `sqlite:<file>`, `sqlite::memory:` or `postgres://…` */
  url: string;
  /** PostgreSQL only: the schema to work in (tests give each run its own). */
  postgresSchema?: string;
}

// COUNT and SUM answer int8, which node-postgres returns as text; our figures fit in a double.
types.setTypeParser(types.builtins.INT8, (value) => Number(value));

export function openDatabase({ url, postgresSchema }: DatabaseOptions): DatabaseHandle {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  return openPostgres(url, postgresSchema);
}

function openSqlite(file: string): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new StatementCache(sqlite) }) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}

/**
 * Kysely prepares every query afresh, and SQLite's compiling of a statement can cost more than
 * running it (search's FTS5 statement does). Statements of the SQL texts seen lately are kept and
 * run again; SQLite re-prepares one by itself should the schema change under it.
 */
class StatementCache {
  private readonly statements = new Map<string, SqliteDatabase.Statement>();

  constructor(
    private readonly sqlite: SqliteDatabase.Database,
    private readonly capacity = 500,
  ) {}

  prepare(text: string): SqliteDatabase.Statement {
    const cached = this.statements.get(text);
    if (cached) {
      // Re-inserted, so the Map's order is least recently used first.
      this.statements.delete(text);
      this.statements.set(text, cached);
      return cached;
    }
    const statement = this.sqlite.prepare(text);
    if (this.statements.size >= this.capacity) this.statements.delete(this.statements.keys().next().value!);
    this.statements.set(text, statement);
    return statement;
  }

  close(): void {
    this.statements.clear();
    this.sqlite.close();
  }
}

function openPostgres(connectionString: string, schema: string | undefined): DatabaseHandle {
  const pool = new Pool({
    connectionString,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  return { db, dialect: 'postgres', destroy: () => db.destroy() };
}

/**
 * Kysely's PostgreSQL introspection (which its migrator uses to find its own tables) reads every
 * schema of the database: it takes a neighbour's migration tables for ours, and fails when a
 * neighbouring schema is dropped mid-query (parallel test runs). Ours sees the working schema only.
 */
class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    const tables = async (): Promise<TableMetadata[]> => {
      const { rows } = await sql<{ schema: string; name: string; type: string }>`
        select table_schema as schema, table_name as name, table_type as type
        from information_schema.tables where table_schema = current_schema()`.execute(db);
      return rows.map((row) => ({ schema: row.schema, name: row.name, isView: row.type === 'VIEW', columns: [] }));
    };
    return {
      getSchemas: async () => (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows,
      getTables: tables,
      getMetadata: async (): Promise<DatabaseMetadata> => ({ tables: await tables() }),
    };
  }
}
