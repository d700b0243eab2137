import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the past, not today's schema type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * SQLite's search index made cheap to read newest first (PostgreSQL's tsvector is unchanged):
 * - it holds approved products only, so a search needs no join to products to drop the others;
 * - the most recently indexed product has the lowest rowid, so newest first is FTS5's forward
 *   order, which stops at the limit (backwards it decodes every match first);
 * - prefix indexes up to 12 letters, so a longer typed word is one lookup, not a merge of every
 *   term that starts with it;
 * - products.search_rowid says where a product's row is, so an edit finds it without a scan.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await db.schema.alterTable('products').addColumn('search_rowid', 'integer').execute();
  await sql`drop table product_search`.execute(db);
  await sql`create virtual table product_search using fts5(product_id unindexed, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4 5 6 7 8 9 10 11 12')`.execute(
    db,
  );
  await sql`create temp table search_order as
    select id, -row_number() over (order by created_at, id) as search_rowid from products where status = 'Approved'`.execute(db);
  await sql`create unique index temp.search_order_id on search_order (id)`.execute(db);
  await sql`update products set search_rowid = (select search_rowid from search_order where search_order.id = products.id)`.execute(db);
  await sql`drop table temp.search_order`.execute(db);
  await sql`insert into product_search (rowid, product_id, body) select search_rowid, id, search_text from products where search_rowid is not null`.execute(
    db,
  );
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await sql`drop table product_search`.execute(db);
  await sql`create virtual table product_search using fts5(product_id unindexed, body, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3 4 5 6')`.execute(
    db,
  );
  await sql`insert into product_search (product_id, body) select id, search_text from products order by created_at`.execute(db);
  await db.schema.alterTable('products').dropColumn('search_rowid').execute();
}
