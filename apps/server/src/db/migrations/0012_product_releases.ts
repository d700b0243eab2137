import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * A product's archives become releases: each is a version with its changelog, and a new
 * archive is always a new release, so the bytes a buyer was sold never change under them. Every
 * product's archive becomes its release 1.0.0, approved and published when the product was uploaded;
 * the product itself no longer names an archive.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('product_releases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull())
    // The version's numbers, so "newest" is an ORDER BY and 1.10.0 comes after 1.2.0.
    .addColumn('version_major', 'integer', (c) => c.notNull())
    .addColumn('version_minor', 'integer', (c) => c.notNull())
    .addColumn('version_patch', 'integer', (c) => c.notNull())
    .addColumn('changelog_html', 'text', (c) => c.notNull())
    .addColumn('engine_version', 'text')
    .addColumn('source_code_key', 'text', (c) => c.notNull())
    .addColumn('source_code_size', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text')
    .addUniqueConstraint('product_releases_product_version', ['product_id', 'version'])
    .execute();
  await db.schema.createIndex('product_releases_status').on('product_releases').columns(['status', 'created_at']).execute();
  const newId = isPostgres(db) ? sql`substr(md5(random()::text || id), 1, 24)` : sql`lower(hex(randomblob(12)))`;
  await sql`insert into product_releases
      (id, product_id, version, version_major, version_minor, version_patch, changelog_html, engine_version,
       source_code_key, source_code_size, status, created_at, published_at)
    select ${newId}, id, '1.0.0', 1, 0, 0, '', null, source_code_key, source_code_size, 'Approved', created_at, created_at
    from products`.execute(db);
  await db.schema.alterTable('products').dropColumn('source_code_key').execute();
  await db.schema.alterTable('products').dropColumn('source_code_size').execute();
}

/** A column of the product's newest release, approved ones first. */
const newest = (column: string) => sql`(select ${sql.ref(column)} from product_releases r where r.product_id = products.id
  order by case when r.status = 'Approved' then 0 else 1 end, r.version_major desc, r.version_minor desc, r.version_patch desc limit 1)`;

/** Back to one archive per product: the newest approved release's (or else the newest one's). */
export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('products').addColumn('source_code_key', 'text').execute();
  await db.schema.alterTable('products').addColumn('source_code_size', 'bigint').execute();
  await sql`update products set source_code_key = ${newest('r.source_code_key')}, source_code_size = ${newest('r.source_code_size')}`.execute(
    db,
  );
  await db.schema.dropTable('product_releases').execute();
}
