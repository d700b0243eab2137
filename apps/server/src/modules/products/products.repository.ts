import type { LanguageCode, ProductStatus, SubCategory } from '@market/contracts';
import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database, ProductsTable, StoredProductStatus } from '../../db/schema.js';
import { newId } from '../../platform/ids.js';

export type ProductRow = Omit<Selectable<ProductsTable>, 'search_text' | 'search_rowid'>;
export type NewProductRow = Omit<Insertable<ProductsTable>, 'downloads'>;

/** What a product card (ProductSummary) is made of: the card's columns and the title in every language it has. */
export type CardRow = Pick<ProductRow, (typeof CARD_COLUMNS)[number] extends `products.${infer Column}` ? Column : never> & {
  titles: Record<string, string>;
};

export interface TranslationRow {
  language: LanguageCode;
  title: string;
  description_html: string;
  keywords: string[];
}

export interface ProductWrite {
  product: NewProductRow;
  translations: TranslationRow[];
  /** Image keys in display order. */
  screenshots: string[];
}

export type Visibility =
  { kind: 'everything' } | { kind: 'approved' } | { kind: 'approvedOrOwnedBy'; userId: string } | { kind: 'ownedBy'; userId: string };

export interface ListFilter {
  visibility: Visibility;
  status?: ProductStatus;
  subCategory?: SubCategory;
  limit: number;
  offset: number;
}

/**
 * A deleted product whose files wait while a checkout opened for it can still be paid: out of every
 * read and list at once, removed for good by ProductsService.purgeRetired.
 */
export const RETIRED = 'Deleted';

/** Every column a read needs; search_text (and PostgreSQL's tsvector) never leave the database. */
const COLUMNS = [
  'products.id',
  'products.user_id',
  'products.type',
  'products.category',
  'products.sub_category',
  'products.framework',
  'products.features_html',
  'products.feature_img_key',
  'products.thumbnail_key',
  'products.source_code_key',
  'products.source_code_size',
  'products.youtube_link',
  'products.google_play_link',
  'products.app_store_link',
  'products.live_preview',
  'products.single_app_license_cents',
  'products.multi_app_license_cents',
  'products.development_hours',
  'products.author_name',
  'products.reskin_features_html',
  'products.reskin_price_cents',
  'products.status',
  'products.downloads',
  'products.created_at',
  'products.updated_at',
  'products.slug_key',
] as const;

/** The columns of a card; the wide rich-text ones stay on disk. */
const CARD_COLUMNS = [
  'products.id',
  'products.type',
  'products.category',
  'products.sub_category',
  'products.thumbnail_key',
  'products.single_app_license_cents',
  'products.multi_app_license_cents',
  'products.reskin_price_cents',
  'products.live_preview',
  'products.author_name',
  'products.status',
  'products.downloads',
  'products.created_at',
] as const;

const APPROVED = 'Approved';

/** SQL of the catalogue: products with their translations, screenshots and search index. */
export class ProductsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  async insert({ product, translations, screenshots }: ProductWrite): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('products').values(product).execute();
      await this.writeTranslations(trx, product.id, translations);
      await this.writeScreenshots(trx, product.id, screenshots);
      await this.reindex(trx, product.id);
    });
  }

  /** Replaces the product's fields and translations; screenshots only when a new set is given. */
  async update(
    id: string,
    changes: Updateable<ProductsTable>,
    translations: TranslationRow[],
    screenshots: string[] | null,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set(changes).where('id', '=', id).execute();
      await trx.deleteFrom('product_translations').where('product_id', '=', id).execute();
      await this.writeTranslations(trx, id, translations);
      if (screenshots) {
        await trx.deleteFrom('product_screenshots').where('product_id', '=', id).execute();
        await this.writeScreenshots(trx, id, screenshots);
      }
      await this.reindex(trx, id);
    });
  }

  async setStatus(id: string, status: StoredProductStatus, updatedAt: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ status, updated_at: updatedAt }).where('id', '=', id).execute();
      await this.reindex(trx, id);
    });
  }

  async delete(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.unindex(trx, id);
      // Translations, screenshots, views and comments go with it (ON DELETE CASCADE).
      await trx.deleteFrom('products').where('id', '=', id).execute();
    });
  }

  /** When the user's products still stored were uploaded, oldest first, after `sinceIso`. */
  async uploadTimesSince(userId: string, sinceIso: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('products')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('created_at', '>', sinceIso)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => row.created_at);
  }

  /** Bytes of source-code archives the user's products keep. */
  async sourceBytesOf(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('products')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string | bigint>('source_code_size'), eb.lit(0)).as('bytes'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.bytes);
  }

  async hasSales(id: string): Promise<boolean> {
    const row = await this.db.selectFrom('purchase_lines').select('id').where('product_id', '=', id).limit(1).executeTakeFirst();
    return Boolean(row);
  }

  findById(id: string): Promise<ProductRow | undefined> {
    return this.db.selectFrom('products').select(COLUMNS).where('id', '=', id).where('status', '!=', RETIRED).executeTakeFirst();
  }

  findBySlugKey(slugKey: string): Promise<ProductRow[]> {
    return this.db
      .selectFrom('products')
      .select(COLUMNS)
      .where('slug_key', '=', slugKey)
      .where('status', '!=', RETIRED)
      .orderBy('created_at')
      .limit(20)
      .execute();
  }

  retiredIds(): Promise<string[]> {
    return this.db
      .selectFrom('products')
      .select('id')
      .where('status', '=', RETIRED)
      .execute()
      .then((rows) => rows.map((row) => row.id));
  }

  /** Every file a product keeps, retired or not. */
  async filesOf(id: string): Promise<{ images: string[]; sourceCode: string } | null> {
    const row = await this.db
      .selectFrom('products')
      .select(['feature_img_key', 'thumbnail_key', 'source_code_key'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    return { images: [row.feature_img_key, row.thumbnail_key, ...(await this.screenshotsOf(id))], sourceCode: row.source_code_key };
  }

  async ownerName(userId: string): Promise<string> {
    const row = await this.db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
    return row?.name ?? '';
  }

  async translationsOf(ids: readonly string[], withBodies: boolean): Promise<Map<string, TranslationRow[]>> {
    const byProduct = new Map<string, TranslationRow[]>();
    if (ids.length === 0) return byProduct;
    const rows = await this.db
      .selectFrom('product_translations')
      .select(['product_id', 'language', 'title'])
      .$if(withBodies, (query) => query.select(['description_html', 'keywords']))
      .where('product_id', 'in', ids)
      .execute();
    for (const row of rows) {
      const full = row as typeof row & { description_html?: string; keywords?: string };
      const list = byProduct.get(row.product_id) ?? [];
      list.push({
        language: row.language,
        title: row.title,
        description_html: full.description_html ?? '',
        keywords: full.keywords ? (JSON.parse(full.keywords) as string[]) : [],
      });
      byProduct.set(row.product_id, list);
    }
    return byProduct;
  }

  async screenshotsOf(id: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('product_screenshots')
      .select('image_key')
      .where('product_id', '=', id)
      .orderBy('position')
      .execute();
    return rows.map((row) => row.image_key);
  }

  /**
   * Cards of the given products in one query, each with its titles gathered by the database
   * (json_group_object / json_object_agg) rather than by a second round trip. Unordered.
   */
  async cards(ids: readonly string[]): Promise<CardRow[]> {
    if (ids.length === 0) return [];
    // SQLite answers the object as JSON text, node-postgres parses json itself.
    const gather = this.dialect === 'sqlite' ? sql`json_group_object` : sql`json_object_agg`;
    const titles = sql<
      string | Record<string, string> | null
    >`(select ${gather}(language, title) from product_translations where product_id = products.id and title <> '')`;
    const rows = await this.db
      .selectFrom('products')
      .select(CARD_COLUMNS)
      .select(titles.as('titles'))
      .where('products.id', 'in', ids)
      .execute();
    return rows.map((row) => ({
      ...row,
      titles: typeof row.titles === 'string' ? (JSON.parse(row.titles) as Record<string, string>) : (row.titles ?? {}),
    }));
  }

  async listIds({ visibility, status, subCategory, limit, offset }: ListFilter): Promise<string[]> {
    const rows = await this.db
      .selectFrom('products')
      .select('id')
      .where('status', '!=', RETIRED)
      .$call((query) => {
        switch (visibility.kind) {
          case 'approved':
            return query.where('status', '=', APPROVED);
          case 'approvedOrOwnedBy':
            return query.where((eb) => eb.or([eb('status', '=', APPROVED), eb('user_id', '=', visibility.userId)]));
          case 'ownedBy':
            return query.where('user_id', '=', visibility.userId);
          default:
            return query;
        }
      })
      .$if(status !== undefined, (query) => query.where('status', '=', status!))
      .$if(subCategory !== undefined, (query) => query.where('sub_category', '=', subCategory!))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Approved products by units sold since `sinceIso` (all time when null), then downloads, then newest. */
  async bestSellingIds(sinceIso: string | null, limit: number): Promise<string[]> {
    const sales = this.db
      .selectFrom('purchase_lines')
      .innerJoin('purchases', 'purchases.id', 'purchase_lines.purchase_id')
      .select(['purchase_lines.product_id', (eb) => eb.fn.countAll<number>().as('units')])
      .$if(sinceIso !== null, (query) => query.where('purchases.created_at', '>=', sinceIso!))
      .groupBy('purchase_lines.product_id')
      .as('sales');
    const rows = await this.db
      .selectFrom('products')
      .leftJoin(sales, 'sales.product_id', 'products.id')
      .select('products.id')
      .where('products.status', '=', APPROVED)
      .orderBy(sql`coalesce(sales.units, 0)`, 'desc')
      .orderBy('products.downloads', 'desc')
      .orderBy('products.created_at', 'desc')
      .orderBy('products.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Approved products by views since `sinceIso`, then newest. */
  async mostViewedIds(sinceIso: string, limit: number): Promise<string[]> {
    const views = this.db
      .selectFrom('product_views')
      .select(['product_id', (eb) => eb.fn.countAll<number>().as('views')])
      .where('created_at', '>=', sinceIso)
      .groupBy('product_id')
      .as('recent');
    const rows = await this.db
      .selectFrom('products')
      .leftJoin(views, 'recent.product_id', 'products.id')
      .select('products.id')
      .where('products.status', '=', APPROVED)
      .orderBy(sql`coalesce(recent.views, 0)`, 'desc')
      .orderBy('products.created_at', 'desc')
      .orderBy('products.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  async idsByAuthorName(authorName: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('products')
      .select('id')
      .where('status', '=', APPROVED)
      .where(sql`lower(author_name)`, '=', authorName.toLowerCase())
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  async approvedCountsBySubCategory(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('products')
      .select(['sub_category', (eb) => eb.fn.countAll<number>().as('count')])
      .where('status', '=', APPROVED)
      .groupBy('sub_category')
      .execute();
    return new Map(rows.map((row) => [row.sub_category, Number(row.count)]));
  }

  /** English titles of approved products for the sitemap, newest first. */
  approvedTitles(limit: number) {
    return this.db
      .selectFrom('products')
      .innerJoin('product_translations', (join) =>
        join.onRef('product_translations.product_id', '=', 'products.id').on('product_translations.language', '=', 'en'),
      )
      .select(['product_translations.title', 'products.updated_at'])
      .where('products.status', '=', APPROVED)
      .orderBy('products.created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Approved products matching any of the alternatives, each a list of word prefixes that must
   * all occur. Answered from the word index (FTS5 / tsvector + GIN), never by scanning rows.
   * Newest first rather than by relevance: scoring every match (bm25, ts_rank) costs tens of
   * milliseconds for a common word over 100,000 products, reading the index in order costs none.
   * SQLite's index holds approved products only, the most recently indexed (approved or edited)
   * at the lowest rowid; PostgreSQL orders by upload time.
   */
  async searchIds(alternatives: string[][], limit: number): Promise<string[]> {
    const usable = alternatives.filter((words) => words.length > 0);
    if (usable.length === 0) return [];
    if (this.dialect === 'sqlite') {
      // Words are letters and digits only, so quoting them is enough to keep FTS5 syntax out.
      const match = usable.map((words) => `(${words.map((word) => `"${word}"*`).join(' ')})`).join(' OR ');
      const rows = await this.db
        .selectFrom('product_search')
        .select('product_id')
        .where(sql`product_search`, 'match', match)
        .orderBy('rowid')
        .limit(limit)
        .execute();
      return rows.map((row) => row.product_id);
    }
    const query = usable.map((words) => `(${words.map((word) => `${word}:*`).join(' & ')})`).join(' | ');
    const rows = await this.db
      .selectFrom('products')
      .select('id')
      .where(sql<boolean>`search_vector @@ to_tsquery('simple', ${query})`)
      .where('status', '=', APPROVED)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  private async writeTranslations(trx: Kysely<Database>, productId: string, translations: TranslationRow[]): Promise<void> {
    if (translations.length === 0) return;
    await trx
      .insertInto('product_translations')
      .values(translations.map((row) => ({ ...row, product_id: productId, keywords: JSON.stringify(row.keywords) })))
      .execute();
  }

  private async writeScreenshots(trx: Kysely<Database>, productId: string, keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await trx
      .insertInto('product_screenshots')
      .values(keys.map((key, position) => ({ id: newId(), product_id: productId, position, image_key: key })))
      .execute();
  }

  /**
   * SQLite keeps a separate FTS5 table in step (PostgreSQL derives its tsvector column itself):
   * after any write, an approved product gets a fresh row below every other, anything else none.
   * The product remembers its row (search_rowid), since finding it by product_id would scan the table.
   */
  private async reindex(trx: Kysely<Database>, productId: string): Promise<void> {
    if (this.dialect !== 'sqlite') return;
    const product = await this.unindex(trx, productId);
    if (product?.status !== APPROVED) return;
    const lowest = await trx.selectFrom('product_search').select('rowid').orderBy('rowid').limit(1).executeTakeFirst();
    const searchRowid = (lowest?.rowid ?? 0) - 1;
    await trx.insertInto('product_search').values({ rowid: searchRowid, product_id: productId, body: product.search_text }).execute();
    await trx.updateTable('products').set({ search_rowid: searchRowid }).where('id', '=', productId).execute();
  }

  /** Takes the product out of SQLite's search index; answers what reindex needs to put it back. */
  private async unindex(trx: Kysely<Database>, productId: string) {
    if (this.dialect !== 'sqlite') return undefined;
    const product = await trx
      .selectFrom('products')
      .select(['status', 'search_text', 'search_rowid'])
      .where('id', '=', productId)
      .executeTakeFirst();
    if (product?.search_rowid !== null && product?.search_rowid !== undefined) {
      await trx.deleteFrom('product_search').where('rowid', '=', product.search_rowid).execute();
      await trx.updateTable('products').set({ search_rowid: null }).where('id', '=', productId).execute();
    }
    return product;
  }
}
