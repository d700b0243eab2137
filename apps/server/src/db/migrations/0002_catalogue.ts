import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * The catalogue's lookups: the /downloads/{title} key, the search index (FTS5 on SQLite,
 * a GIN-indexed tsvector on PostgreSQL) and the per-visitor view de-duplication.
 */
export async function up(db: AnyDb): Promise<void> {
  // English title lower-cased with hyphens and whitespace runs as one space: the slug rule of docs/product-spec.md §2.2.
  await db.schema
    .alterTable('products')
    .addColumn('slug_key', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  // Plain text of every title, keyword and description: what search matches.
  await db.schema
    .alterTable('products')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('products_slug_key').on('products').column('slug_key').execute();
  // Portfolio pages match the author name case-insensitively.
  await db.schema
    .createIndex('products_author_name_lower')
    .on('products')
    .expression(sql`lower(author_name)`)
    .execute();

  if (isPostgres(db)) {
    // 'simple': lower-cased words without stemming, the same matching as SQLite's unicode61.
    await sql`alter table products add column search_vector tsvector generated always as (to_tsvector('simple', search_text)) stored`.execute(
      db,
    );
    await sql`create index products_search_vector on products using gin (search_vector)`.execute(db);
  } else {
    // Prefix indexes answer type-ahead queries ('of', 'offl') without walking every term.
    await sql`create virtual table product_search using fts5(product_id unindexed, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4 5 6')`.execute(
      db,
    );
  }

  // One row per visitor, product and hour: the visitor key already contains the hour.
  await db.schema.createIndex('product_views_unique_visit').on('product_views').columns(['product_id', 'visitor_key']).unique().execute();
  await db.schema.createIndex('product_views_created_at').on('product_views').column('created_at').execute();
  await db.schema.createIndex('purchases_created_at').on('purchases').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('purchases_created_at').ifExists().execute();
  await db.schema.dropIndex('product_views_created_at').ifExists().execute();
  await db.schema.dropIndex('product_views_unique_visit').ifExists().execute();
  if (isPostgres(db)) {
    await sql`drop index if exists products_search_vector`.execute(db);
    await sql`alter table products drop column search_vector`.execute(db);
  } else {
    await sql`drop table if exists product_search`.execute(db);
  }
  await db.schema.dropIndex('products_author_name_lower').ifExists().execute();
  await db.schema.dropIndex('products_slug_key').ifExists().execute();
  await db.schema.alterTable('products').dropColumn('search_text').execute();
  await db.schema.alterTable('products').dropColumn('slug_key').execute();
}
