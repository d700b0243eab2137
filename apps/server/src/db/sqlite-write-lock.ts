import type { CompiledQuery, DatabaseConnection, Driver, QueryResult } from 'kysely';
import { CompiledQuery as Compiled, SqliteDialect } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import { serviceUnavailable } from '../platform/errors.js';

/** How long a write waits for another process's write lock before it is answered 503. */
export const SQLITE_LOCK_WAIT_MS = 5_000;
/** What a refused write tells the client to wait before trying again. */
const RETRY_AFTER_SECONDS = 2;
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 100;

const isBusy = (error: unknown) =>
  typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code.startsWith('SQLITE_BUSY')
    : false;

interface LockWait {
  /** Whether the file is inside a transaction on this connection (then a statement never waits for the lock). */
  inTransaction(): boolean;
  waitMs: number;
}

/**
 * SQLite's own wait for a lock (busy_timeout) spins inside the synchronous driver: while another
 * process holds the write lock, the whole event loop stands still, health checks included. So the
 * connection runs with busy_timeout 0, and a statement refused for the lock is tried again after a
 * pause in which the connection goes back to the others (reads answer meanwhile, since WAL readers
 * need no lock), until the wait's deadline, then 503 with Retry-After. Transactions begin IMMEDIATE:
 * they take the write lock at their start, the one place a refusal is safe to retry, so no statement
 * inside one meets a lock.
 */
class LockWaitingDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly lock: LockWait,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.inner.acquireConnection();
    return {
      executeQuery: <R>(query: CompiledQuery): Promise<QueryResult<R>> =>
        this.lock.inTransaction() ? connection.executeQuery<R>(query) : this.patiently(connection, () => connection.executeQuery<R>(query)),
      streamQuery: <R>(query: CompiledQuery, chunkSize?: number) => connection.streamQuery<R>(query, chunkSize),
    };
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(Compiled.raw('begin immediate'));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }

  /**
   * Runs `attempt` until it is not refused for the lock. Between tries the connection is handed back
   * (SQLite has one, shared by turns) and taken again, so the caller still holds it when this returns.
   */
  private async patiently<T>(connection: DatabaseConnection, attempt: () => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.lock.waitMs;
    for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
      try {
        return await attempt();
      } catch (error) {
        if (!isBusy(error)) throw error;
        if (Date.now() + pause > deadline) {
          throw serviceUnavailable('The database is busy. Please try again in a moment.', RETRY_AFTER_SECONDS);
        }
      }
      await this.inner.releaseConnection(connection);
      await sleep(pause);
      await this.inner.acquireConnection();
    }
  }
}

/** Kysely's SQLite dialect whose waits for another process's write lock leave the event loop free. */
export class LockWaitingSqliteDialect extends SqliteDialect {
  constructor(
    config: ConstructorParameters<typeof SqliteDialect>[0],
    private readonly lock: LockWait,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new LockWaitingDriver(super.createDriver(), this.lock);
  }
}
