import { sql } from 'kysely';
import type { DatabaseHandle } from './connection.js';

// Any fixed number: every instance of this application asks for the same advisory lock.
const STARTUP_LOCK_KEY = 7_340_912_511;
const LOCK_POLL_MS = 200;

/**
 * Runs `work` while no other instance over the same PostgreSQL database runs its own, so instances
 * started together on an empty database seed it once. The lock lives on one pooled connection
 * held for the duration; `work` uses the pool as usual. SQLite is a single-instance database and
 * needs no lock.
 */
export async function withStartupLock<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return work();
  return database.db.connection().execute(async (connection) => {
    const tryLock = async () =>
      (await sql<{ locked: boolean }>`select pg_try_advisory_lock(${STARTUP_LOCK_KEY}) as locked`.execute(connection)).rows[0]?.locked;
    // Polled rather than waited for in one statement, which the statement timeout would cancel.
    while (!(await tryLock())) {
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}
