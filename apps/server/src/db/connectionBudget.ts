import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.js';

export interface ConnectionBudget {
  maxConnections: number;
  /** superuser_reserved_connections, plus reserved_connections from PostgreSQL 16 on. */
  reserved: number;
  /** Client connections open now, by every instance and tool, this reading's own left out. */
  inUse: number;
}

/** PostgreSQL's connection limit and what is taken of it, read over the connection `db` opens for it. */
export async function readConnectionBudget(db: Kysely<Database>): Promise<ConnectionBudget> {
  const { rows } = await sql<{ name: string; setting: string }>`
    select name, setting from pg_settings
    where name in ('max_connections', 'superuser_reserved_connections', 'reserved_connections')`.execute(db);
  const setting = (name: string) => Number(rows.find((row) => row.name === name)?.setting ?? 0);
  // Background workers and walsenders have slots of their own; a client backend takes one of max_connections.
  const { rows: counts } = await sql<{ open: number }>`
    select count(*) as open from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()`.execute(db);
  return {
    maxConnections: setting('max_connections'),
    reserved: setting('superuser_reserved_connections') + setting('reserved_connections'),
    inUse: Number(counts[0]?.open ?? 0),
  };
}

/** A warning with the arithmetic when this instance's pool cannot fit in what the server has left, else null. */
export function judgeConnectionBudget({ maxConnections, reserved, inUse }: ConnectionBudget, poolMax: number): string | null {
  const left = Math.max(0, maxConnections - reserved - inUse);
  if (poolMax <= left) return null;
  return (
    `PostgreSQL connection budget exceeded: pool of ${poolMax} per instance, ${inUse} of ${maxConnections} connections in use, ` +
    `${reserved} reserved: ${left} left. Requests beyond ${left} connections will answer 503; lower DATABASE_POOL_MAX, ` +
    `raise max_connections, or put PgBouncer in front (README, "Sizing the database").`
  );
}
