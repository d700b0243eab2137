import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * What's inside: one analysis per release's archive, kept with the analyser's version so
 * a newer analyser finds the reports it must redo. The detected engine has a column of its own,
 * since the storefront filters by it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('archive_reports')
    .addColumn('release_id', 'text', (c) => c.primaryKey().references('product_releases.id').onDelete('cascade'))
    .addColumn('analyser_version', 'integer', (c) => c.notNull())
    /** 'ready' or 'refused'. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('engine', 'text')
    /** The public report (JSON); null for a refused archive. */
    .addColumn('report_json', 'text')
    /** Why the archive was refused; null for a report. */
    .addColumn('refused_reason', 'text')
    /** The seller's warnings (JSON array): shown to the owner and admins only, so kept out of the report. */
    .addColumn('warnings_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('analysed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('archive_reports_engine').on('archive_reports').columns(['engine']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('archive_reports').execute();
}
