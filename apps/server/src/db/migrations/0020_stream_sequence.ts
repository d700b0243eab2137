import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The rows whose events streams send again from the database (docs/decisions/0006). */
const TABLES = ['reskin_messages', 'notifications'] as const;

/**
 * A stored order for chat messages and notices: `seq`, given by the database as each row is written,
 * is an event stream's id, so a stream catches up on exactly the rows after the last one it sent.
 * Creation times cannot serve: rows of one millisecond tie, and instances' clocks disagree.
 * Existing rows are numbered in the order they were written.
 */
export async function up(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    if (isPostgres(db)) {
      await sql`alter table ${sql.table(table)} add column seq bigint generated always as identity`.execute(db);
    } else {
      // SQLite writes one transaction at a time, so the next number after the greatest is in order.
      await sql`alter table ${sql.table(table)} add column seq integer`.execute(db);
      await sql`update ${sql.table(table)} set seq = rowid`.execute(db);
      await sql`
        create trigger ${sql.raw(`${table}_seq`)} after insert on ${sql.table(table)} when new.seq is null
        begin
          update ${sql.table(table)} set seq = (select coalesce(max(seq), 0) + 1 from ${sql.table(table)}) where rowid = new.rowid;
        end`.execute(db);
    }
    await db.schema.createIndex(`${table}_seq`).unique().on(table).column('seq').execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_seq`).execute();
    if (!isPostgres(db)) await sql`drop trigger ${sql.raw(`${table}_seq`)}`.execute(db);
    await db.schema.alterTable(table).dropColumn('seq').execute();
  }
}
