import { sql } from 'kysely';
import type { DatabaseHandle } from './connection.js';

// Any fixed number: every instance of this application asks for the same advisory lock.
const STARTUP_LOCK_KEY = 7_340_912_511;
const LOCK_POLL_MS = 200;

/**
 * Runs `work` while no other instance over the same PostgreSQL database runs its own, so instances
 * started together on an empty database seed it once. The lock is a transaction's, held by an open
 * transaction on one pooled connection for the duration; `work` uses the pool as usual. A session's
 * lock would not do behind PgBouncer in transaction mode, which may send the unlock down another
 * server connection and leave the lock held for ever. SQLite is a single-instance database and
 * needs no lock.
 */
export async function withStartupLock<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return work();
  return database.db.connection().execute(async (connection) => {
    // Polled rather than waited for in one statement, which the statement timeout would cancel; each
    // try is a transaction of its own, so no idle transaction is left open while waiting.
    for (;;) {
      await sql`begin`.execute(connection);
      const locked = (await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(${STARTUP_LOCK_KEY}) as locked`.execute(connection))
        .rows[0]?.locked;
      if (locked) break;
      await sql`rollback`.execute(connection);
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    try {
      return await work();
    } finally {
      // Ending the transaction releases the lock; it wrote nothing.
      await sql`rollback`.execute(connection);
    }
  });
}
