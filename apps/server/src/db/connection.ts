import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDriver from 'better-sqlite3';
import { type DatabaseIntrospector, type DatabaseMetadata, Kysely, PostgresDialect, sql, type TableMetadata } from 'kysely';
import { Pool, types } from 'pg';
import type { Database } from './schema.js';
import { LockWaitingSqliteDialect, SQLITE_LOCK_WAIT_MS } from './sqlite-write-lock.js';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
  /** SQLite only: the database's bytes, which `sqliteImage` opens again as a copy. */
  serializeSqlite?: () => Buffer;
  /** PostgreSQL's pool right now; absent on SQLite. */
  poolStats?: () => { total: number; idle: number; waiting: number };
}

export interface DatabaseOptions {
  /** `sqlite:<file>`, `sqlite::memory:` or `postgres://…` */
  url: string;
  /** PostgreSQL only: connections this process may hold (instances × this must stay under max_connections). */
  poolMax?: number;
  /**
   * PostgreSQL only: a statement running longer is cancelled by the server, and a silent (frozen) server
   * is given up on a little later. 0: no limit, as migrations and bulk loads need, even where the role
   * has one (set behind PgBouncer, which cannot pass a connection's own); unset: the role's, if any.
   */
  statementTimeoutMs?: number;
  /** SQLite only: how long a write waits for another process's write lock before answering 503. */
  sqliteLockWaitMs?: number;
  /**
   * SQLite `:memory:` only: start from these bytes (`serializeSqlite`) rather than empty. Tests copy one
   * migrated database instead of running every migration for each test.
   */
  sqliteImage?: Buffer;
  /** Errors no request is waiting for, such as an idle connection cut by a database restart. */
  onBackgroundError?: (error: Error) => void;
}

const DEFAULT_POOL_MAX = 10;
/** A pooled connection is waited for this long before the request fails, rather than for ever. */
const CONNECT_TIMEOUT_MS = 5_000;

// COUNT and SUM answer int8, which node-postgres returns as text; our figures fit in a double.
types.setTypeParser(types.builtins.INT8, (value) => Number(value));

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url.startsWith('sqlite:'))
    return openSqlite(options.url.slice('sqlite:'.length), options.sqliteLockWaitMs, options.sqliteImage);
  return openPostgres(options);
}

function openSqlite(file: string, lockWaitMs = SQLITE_LOCK_WAIT_MS, image?: Buffer): DatabaseHandle {
  if (image && file !== ':memory:') throw new Error('A SQLite image opens only as an in-memory database (sqlite::memory:)');
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDriver(image ?? file);
  const journal = sqlite.pragma('journal_mode = WAL', { simple: true });
  // An in-memory database (tests) keeps its journal in memory; a file must be in WAL mode, where
  // readers never wait for the writer.
  if (file !== ':memory:' && journal !== 'wal') throw new Error(`SQLite refused WAL mode for ${file} (journal_mode is ${String(journal)})`);
  sqlite.pragma('foreign_keys = ON');
  // Another process (npm run db, a second instance by mistake) holding the write lock is waited for,
  // but not by SQLite, whose wait would stop the event loop: LockWaitingSqliteDialect waits between tries.
  sqlite.pragma('busy_timeout = 0');
  // FULL: a purchase that was answered survives a power cut too; NORMAL could lose the last commits.
  sqlite.pragma('synchronous = FULL');
  const dialect = new LockWaitingSqliteDialect(
    { database: new StatementCache(sqlite) },
    { inTransaction: () => sqlite.inTransaction, waitMs: lockWaitMs },
  );
  const db = new Kysely<Database>({ dialect });
  return { db, dialect: 'sqlite', destroy: () => db.destroy(), serializeSqlite: () => sqlite.serialize() };
}

/**
 * Kysely prepares every query afresh, and SQLite's compiling of a statement can cost more than
 * running it (search's FTS5 statement does). Statements of the SQL texts seen lately are kept and
 * run again; SQLite re-prepares one by itself should the schema change under it.
 */
class StatementCache {
  private readonly statements = new Map<string, SqliteDriver.Statement>();

  constructor(
    private readonly sqlite: SqliteDriver.Database,
    private readonly capacity = 500,
  ) {}

  prepare(text: string): SqliteDriver.Statement {
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

function openPostgres({ url, poolMax, statementTimeoutMs, onBackgroundError }: DatabaseOptions): DatabaseHandle {
  const limited = statementTimeoutMs !== undefined && statementTimeoutMs > 0;
  const settings = statementTimeoutMs !== undefined ? [`-c statement_timeout=${limited ? statementTimeoutMs : 0}`] : [];
  const pool = new Pool({
    connectionString: url,
    max: poolMax ?? DEFAULT_POOL_MAX,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A frozen server never answers the cancel either: the client gives up a little after the server would have.
    ...(limited ? { query_timeout: statementTimeoutMs + CONNECT_TIMEOUT_MS } : {}),
    keepAlive: true,
    ...(settings.length ? { options: settings.join(' ') } : {}),
  });
  // Without a listener, an idle connection cut by a database restart would end the process. The pool
  // drops that connection and opens a new one for the next request.
  const lost = onBackgroundError ?? ((error: Error) => console.error('PostgreSQL connection lost:', error.message));
  pool.on('error', lost);
  // The pool listens to its idle connections only: one handed out between two statements when the
  // server terminates it (a restart) would otherwise end the process. Its next statement fails instead.
  pool.on('connect', (client) => client.on('error', lost));
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    destroy: () => db.destroy(),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * Kysely's PostgreSQL introspection (which its migrator uses to find its own tables) reads every
 * schema of the database: it takes a neighbour's migration tables for ours (a database shared with
 * another application's schema), and fails when such a schema is dropped mid-query. Ours sees the
 * working schema only.
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
