import type { Engine, LanguageCode, ModerationState, ProductStatus, SubCategory } from '@market/contracts';
import {
  type AliasedSelectQueryBuilder,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
} from 'kysely';
import type { Dialect } from '../../db/index.js';
import type { Database, ProductsTable } from '../../db/schema.js';
import { coPurchasesOf, soldLicenceLines } from '../orders/index.js';

export type ProductRow = Omit<Selectable<ProductsTable>, 'search_text' | 'search_rowid'>;

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

export interface SearchDocumentRow {
  id: string;
  category: string;
  sub_category: string;
  framework: string | null;
  author_name: string;
  seller_name: string | null;
  google_play_link: string | null;
  app_store_link: string | null;
  single_app_license_cents: number;
  multi_app_license_cents: number;
  reskin_price_cents: number | null;
  downloads: number;
  review_count: number;
  review_total: number;
  created_at: string;
  updated_at: string;
  units_sold: number;
  engine: string | null;
}

export type Visibility =
  { kind: 'everything' } | { kind: 'approved' } | { kind: 'approvedOrOwnedBy'; userId: string } | { kind: 'ownedBy'; userId: string };

export interface ListFilter {
  visibility: Visibility;
  status?: ProductStatus;
  subCategory?: SubCategory;
  engine?: Engine;
  /** Only products with a sale running at this moment. */
  onSaleAt?: string;
  limit: number;
  offset: number;
}

/**
 * The products with a sale running at a moment, as a table `on_sale` (product_id, ends_at) to join:
 * the sales module's query, handed over by the composition root (docs/decisions/0009 "Sales").
 */
export type ProductsOnSale = (
  db: Kysely<Database>,
  atIso: string,
) => AliasedSelectQueryBuilder<{ product_id: string; ends_at: string }, 'on_sale'>;

/** Whether an order line was refunded, as a column of a query: the refunds module's test, handed over by the composition root. */
export type LineRefunded = (lineRef: string) => Expression<SqlBool>;

/**
 * A deleted product whose files wait while a checkout opened for it can still be paid: out of every
 * read and list at once, removed for good by ProductsService.purgeRetired (modules/products).
 */
export const RETIRED = 'Deleted' as const;

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
  'products.review_count',
  'products.review_total',
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
  'products.review_count',
  'products.review_total',
  'products.created_at',
] as const;

const APPROVED = 'Approved';

/** The engine the newest analysed approved release of the product (`products`) was found to use: its filter and its facet. */
const newestApprovedEngine = (eb: ExpressionBuilder<Database, 'products'>) =>
  eb
    .selectFrom('product_releases as r')
    .innerJoin('archive_reports as a', 'a.release_id', 'r.id')
    .select('a.engine')
    .whereRef('r.product_id', '=', 'products.id')
    .where('r.status', '=', 'Approved')
    .orderBy('r.version_major', 'desc')
    .orderBy('r.version_minor', 'desc')
    .orderBy('r.version_patch', 'desc')
    .limit(1);

/** SQL of the catalogue: products with their translations, screenshots and search index. */
/** SQL of the catalogue's reads: products with their translations, screenshots and search index. */
export class CatalogueRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly productsOnSale: ProductsOnSale,
    private readonly lineRefunded: LineRefunded,
  ) {}

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

  /**
   * The moderation state of the given products: the last decision and when a seller's
   * change started waiting; only of products `ownerId` owns, or of every one when it is null (an admin).
   */
  async moderationStatesOf(ids: readonly string[], ownerId: string | null): Promise<Map<string, ModerationState>> {
    const states = new Map<string, ModerationState>();
    if (ids.length === 0) return states;
    const owned = await this.db
      .selectFrom('products')
      .select('id')
      .where('id', 'in', [...ids])
      .$if(ownerId !== null, (query) => query.where('user_id', '=', ownerId!))
      .execute();
    const productIds = owned.map((row) => row.id);
    if (productIds.length === 0) return states;
    for (const id of productIds) states.set(id, { lastDecision: null, pendingChangeAt: null });
    const decisions = await this.db
      .selectFrom('product_moderation_log')
      .select(['product_id', 'action', 'reason', 'note', 'created_at'])
      .where('product_id', 'in', productIds)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    for (const row of decisions) {
      const state = states.get(row.product_id)!;
      state.lastDecision ??= { action: row.action, reason: row.reason, note: row.note, decidedAt: row.created_at };
    }
    const changes = await this.db
      .selectFrom('product_pending_changes')
      .select(['product_id', 'created_at'])
      .where('product_id', 'in', productIds)
      .execute();
    for (const row of changes) states.get(row.product_id)!.pendingChangeAt = row.created_at;
    return states;
  }

  /** The newest approved release's version and publication time. */
  latestReleaseOf(productId: string): Promise<{ version: string; published_at: string | null } | undefined> {
    return this.db
      .selectFrom('product_releases')
      .select(['version', 'published_at'])
      .where('product_id', '=', productId)
      .where('status', '=', 'Approved')
      .orderBy('version_major', 'desc')
      .orderBy('version_minor', 'desc')
      .orderBy('version_patch', 'desc')
      .limit(1)
      .executeTakeFirst();
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
  /** Who sells each of these products and whether it is for sale, for a person's cart and wishlist. */
  async saleStates(ids: readonly string[]): Promise<Map<string, { ownerId: string; status: ProductRow['status'] }>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('products').select(['id', 'user_id', 'status']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, { ownerId: row.user_id, status: row.status }]));
  }

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

  async listIds({ visibility, status, subCategory, engine, onSaleAt, limit, offset }: ListFilter): Promise<string[]> {
    const rows = await this.db
      .selectFrom('products')
      .select('id')
      .where('status', '!=', RETIRED)
      .$if(onSaleAt !== undefined, (query) =>
        query.where('products.id', 'in', (eb) => eb.selectFrom(this.productsOnSale(this.db, onSaleAt!)).select('on_sale.product_id')),
      )
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
      // The engine the newest analysed approved release was found to use.
      .$if(engine !== undefined, (query) => query.where((eb) => newestApprovedEngine(eb), '=', engine!))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Approved products by units sold since `sinceIso` (all time when null), then downloads, then newest. */
  async bestSellingIds(sinceIso: string | null, limit: number): Promise<string[]> {
    const sales = soldLicenceLines(this.db)
      .select(['l.product_id', (eb) => eb.fn.countAll<number>().as('units')])
      .$if(sinceIso !== null, (query) => query.where('o.paid_at', '>=', sinceIso!))
      .groupBy('l.product_id')
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

  /**
   * Approved products the buyers of `productId` also bought since `sinceIso`, refunded lines left
   * out, by how many of them bought both, then newest.
   */
  async alsoBoughtIds(productId: string, sinceIso: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('products')
      .innerJoin(coPurchasesOf(this.db, productId, sinceIso, this.lineRefunded), 'co_bought.product_id', 'products.id')
      .select('products.id')
      .where('products.status', '=', APPROVED)
      .orderBy('co_bought.buyers', 'desc')
      .orderBy('products.created_at', 'desc')
      .orderBy('products.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /** Approved products with a sale running at `nowIso`, the sale ending soonest first, then newest. */
  async onSaleIds(nowIso: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('products')
      .innerJoin(this.productsOnSale(this.db, nowIso), 'on_sale.product_id', 'products.id')
      .select('products.id')
      .where('products.status', '=', APPROVED)
      .orderBy('on_sale.ends_at')
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
   * What the search index is built from (docs/decisions/0019): approved products, every one or
   * those of `ids`, with their seller's name, the engine of the newest analysed approved release
   * and their units sold; then their translations in a second query.
   */
  async searchDocuments(ids: readonly string[] | null): Promise<Array<SearchDocumentRow & { translations: TranslationRow[] }>> {
    if (ids !== null && ids.length === 0) return [];
    const sales = soldLicenceLines(this.db)
      .select(['l.product_id', (eb) => eb.fn.countAll<number>().as('units')])
      .groupBy('l.product_id')
      .as('sales');
    const rows = await this.db
      .selectFrom('products')
      .leftJoin(sales, 'sales.product_id', 'products.id')
      .leftJoin('users', 'users.id', 'products.user_id')
      .select([
        'products.id',
        'products.category',
        'products.sub_category',
        'products.framework',
        'products.author_name',
        'users.name as seller_name',
        'products.google_play_link',
        'products.app_store_link',
        'products.single_app_license_cents',
        'products.multi_app_license_cents',
        'products.reskin_price_cents',
        'products.downloads',
        'products.review_count',
        'products.review_total',
        'products.created_at',
        'products.updated_at',
        sql<number>`coalesce(sales.units, 0)`.as('units_sold'),
        (eb) => newestApprovedEngine(eb).as('engine'),
      ])
      .where('products.status', '=', APPROVED)
      .$if(ids !== null, (query) => query.where('products.id', 'in', [...ids!]))
      .execute();
    // PostgreSQL refuses `in ()`: none of the named products is approved any more.
    if (rows.length === 0) return [];
    const translations = await this.db
      .selectFrom('product_translations')
      .select(['product_id', 'language', 'title', 'description_html', 'keywords'])
      .$if(ids !== null, (query) =>
        query.where(
          'product_id',
          'in',
          rows.map((row) => row.id),
        ),
      )
      .$if(ids === null, (query) =>
        query.where('product_id', 'in', (eb) => eb.selectFrom('products').select('id').where('status', '=', APPROVED)),
      )
      .execute();
    const byProduct = new Map<string, TranslationRow[]>();
    for (const row of translations) {
      const list = byProduct.get(row.product_id) ?? [];
      list.push({
        language: row.language,
        title: row.title,
        description_html: row.description_html,
        keywords: JSON.parse(row.keywords) as string[],
      });
      byProduct.set(row.product_id, list);
    }
    return rows.map((row) => ({ ...row, units_sold: Number(row.units_sold), translations: byProduct.get(row.id) ?? [] }));
  }

  /** Ids of the approved products with a sale running at `nowIso`. */
  async onSaleIdSet(nowIso: string): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('products')
      .innerJoin(this.productsOnSale(this.db, nowIso), 'on_sale.product_id', 'products.id')
      .select('products.id')
      .where('products.status', '=', APPROVED)
      .execute();
    return new Set(rows.map((row) => row.id));
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
}
