import {
  LISTING_TITLES,
  productTitle,
  SUB_CATEGORIES,
  slugToAuthor,
  slugKey,
  titleToSlug,
  type PopularPeriod,
  type ProductDetail,
  type ProductSale,
  type ProductStatus,
  type ProductSummary,
  type SessionUser,
  type SubCategory,
  type Engine,
  type SearchResults,
  type SearchResultsQuery,
} from '@market/contracts';
import { thenAtOnce, type AtOnce } from '../../platform/at-once.js';
import { type Clock, DAY_MS } from '../../platform/clock.js';
import { notFound } from '../../platform/errors.js';
import type { EncodedBody } from '../../platform/encoded-body.js';
import type { EventBus, Unsubscribe } from '../../platform/events/index.js';
import { htmlToText } from '../../platform/html/index.js';
import type { Translator } from '../../platform/translate.js';
import { CatalogueCache } from './catalogue-cache.js';
import {
  CatalogueRepository,
  type LineRefunded,
  type ListFilter,
  type ProductRow,
  type ProductsOnSale,
  type TranslationRow,
} from './catalogue.repository.js';
import { searchTokens } from './catalogue-text.js';
import { SearchIndexKeeper, indexedProduct } from './search-keeper.js';
import { candidatesOf, searchPage, topIds } from './search-results.js';
import { canManage, canSee, seesEveryProduct } from './policies.js';
import { ProductCards } from './product-cards.js';
import { imageUrl, titlesOf, toDetail, toSummary } from './product-view.js';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Dialect } from '../../db/index.js';

export interface ListQuery {
  status?: ProductStatus;
  subCategory?: SubCategory;
  engine?: Engine;
  mine?: 'true' | 'false';
  onSale?: 'true' | 'false';
  limit: number;
  offset: number;
}

/**
 * What a read answers: the typed value, or, for a visitor, the JSON text kept for every visitor
 * (docs/decisions/0005), sent as it is or in a kept compressed form.
 */
export type CatalogueAnswer<T> = { value: T } | { kept: EncodedBody };

/** A kept answer at once; anything else once read (docs/decisions/0021). */
export type CatalogueAnswering<T> = AtOnce<CatalogueAnswer<T>>;

function keptAnswer<T>(body: AtOnce<EncodedBody>): CatalogueAnswering<T> {
  return thenAtOnce(body, (kept) => ({ kept }));
}

async function valueAnswer<T>(value: Promise<T>): Promise<CatalogueAnswer<T>> {
  return { value: await value };
}

/** The words as typed and, when it differs, their English translation. */
function alternatives(typed: string[], english: string): string[][] {
  const englishWords = searchTokens(english);
  return englishWords.join(' ') === typed.join(' ') ? [typed] : [typed, englishWords];
}

/** Published on every product write or sale; every instance drops its kept catalogue reads. */
const CATALOGUE_CHANGED = 'catalogue.changed';
/** What CATALOGUE_CHANGED carries: the products written, when the writer named them. */
interface ChangedPayload {
  productIds?: string[];
}

const PERIOD_DAYS: Record<PopularPeriod, number | null> = { all: null, month: 30, year: 365 };
const TRENDING_DAYS = 7;
/** "Buyers also bought": purchases of the last 180 days, at most 8 products. */
const ALSO_BOUGHT_DAYS = 180;
const ALSO_BOUGHT_LIMIT = 8;
const LISTING_LIMIT = 100;
const SITEMAP_LIMIT = 50_000;

export interface CatalogueServiceDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  translator: Translator;
  clock: Clock;
  events: EventBus;
  /** The sale running now on each of the products, priced from their listed prices (modules/sales); none when absent. */
  runningSales?: RunningSales;
  /** The products with a sale running at a moment, as a table to join (modules/sales): the on-sale shelf and filter. */
  productsOnSale: ProductsOnSale;
  /** Whether an order line was refunded (modules/refunds): "Buyers also bought" leaves refunded lines out. */
  lineRefunded: LineRefunded;
}

export type RunningSales = (
  products: ReadonlyArray<{ id: string; singleCents: number; multiCents: number }>,
) => Promise<Map<string, ProductSale>>;

/** The catalogue's reads: lists, bestsellers, listings, portfolios, search and product pages, and their caches. */
export class CatalogueService {
  /** Visitors' answers, as sent; dropped on every product write or sale, on every instance. */
  private readonly answers = new CatalogueCache();
  /**
   * Search answers apart, so a flood of distinct queries cannot push the home lists out; kept once
   * asked twice, as most prefixes typed are asked once (docs/decisions/0021).
   */
  private readonly searchAnswers = new CatalogueCache(60_000, 2_000, { keepOnlyRepeated: true });
  /** Product pages apart too: a crawler walking every product cannot push the home lists out. */
  private readonly productAnswers = new CatalogueCache(60_000, 5_000);
  private readonly cards = new ProductCards(async (ids) => this.withSales(await this.rows.cards(ids), toSummary));

  private readonly rows: CatalogueRepository;
  private readonly translator: Translator;
  private readonly clock: Clock;
  private readonly events: EventBus;

  private readonly runningSales: RunningSales;
  /** The search index of approved products (docs/decisions/0019), kept current by `changed`. */
  private readonly searchIndex = new SearchIndexKeeper(async (ids) => (await this.rows.searchDocuments(ids)).map(indexedProduct));

  constructor({ db, dialect, translator, clock, events, runningSales, productsOnSale, lineRefunded }: CatalogueServiceDependencies) {
    this.rows = new CatalogueRepository(db, dialect, productsOnSale, lineRefunded);
    this.translator = translator;
    this.clock = clock;
    this.events = events;
    this.runningSales = runningSales ?? (async () => new Map());
  }

  /** Summaries (or details) of the rows, each with the sale running on it now; dropped with the kept reads when one starts or ends. */
  private async withSales<
    Row extends Pick<ProductRow, 'id' | 'single_app_license_cents' | 'multi_app_license_cents'>,
    View extends { sale?: ProductSale },
  >(rows: readonly Row[], view: (row: Row) => View): Promise<View[]> {
    const sales = await this.runningSales(
      rows.map((row) => ({
        id: row.id,
        singleCents: Number(row.single_app_license_cents),
        multiCents: Number(row.multi_app_license_cents),
      })),
    );
    return rows.map((row) => {
      const sale = sales.get(row.id);
      return sale ? { ...view(row), sale } : view(row);
    });
  }

  /** GET list: visitors share one kept answer per query; a signed-in list depends on who asks. */
  listAnswer(viewer: SessionUser | null, query: ListQuery): CatalogueAnswering<ProductSummary[]> {
    if (viewer) return valueAnswer(this.list(viewer, query));
    return keptAnswer(this.answers.getOrCompute(`list:${JSON.stringify(query)}`, () => this.list(null, query)));
  }

  popularAnswer(period: PopularPeriod, limit: number): CatalogueAnswering<ProductSummary[]> {
    return keptAnswer(this.answers.getOrCompute(`popular:${period}:${limit}`, () => this.popular(period, limit)));
  }

  listingAnswer(slug: string): CatalogueAnswering<{ title: string | null; products: ProductSummary[] }> {
    return keptAnswer(this.answers.getOrCompute(`listing:${slug}`, () => this.listing(slug)));
  }

  searchAnswer(text: string, limit: number): CatalogueAnswering<ProductSummary[]> {
    const typed = searchTokens(text);
    return keptAnswer(this.searchAnswers.getOrComputeJson(`search:${typed.join(' ')}:${limit}`, () => this.search(text, typed, limit)));
  }

  /** GET "Buyers also bought": the same for everybody, kept like the other product reads. */
  alsoBoughtAnswer(productId: string): CatalogueAnswering<ProductSummary[]> {
    return keptAnswer(
      this.productAnswers.getOrCompute(`also-bought:${productId}`, async () =>
        this.cards.of(await this.rows.alsoBoughtIds(productId, this.daysAgo(ALSO_BOUGHT_DAYS), ALSO_BOUGHT_LIMIT)),
      ),
    );
  }

  /** GET search results: the same for everybody, so always kept (the answer holds approved products only). */
  searchResultsAnswer(query: SearchResultsQuery): CatalogueAnswering<SearchResults> {
    const typed = searchTokens(query.q);
    const key = `results:${JSON.stringify({ ...query, q: typed.join(' ') })}`;
    return keptAnswer(this.searchAnswers.getOrCompute(key, () => this.searchResults(query, typed)));
  }

  /** How long this instance's last whole build of the search index took, in milliseconds. */
  get searchIndexBuildMs(): number {
    return this.searchIndex.lastBuildMs;
  }

  bySlugAnswer(viewer: SessionUser | null, slug: string): CatalogueAnswering<ProductDetail> {
    if (viewer) return valueAnswer(this.getBySlug(viewer, slug));
    return keptAnswer(this.productAnswers.getOrCompute(`slug:${slug.toLowerCase()}`, () => this.getBySlug(null, slug)));
  }

  /** GET by id: visitors share one kept answer per product; the owner and admins may see more. */
  byIdAnswer(viewer: SessionUser | null, id: string): CatalogueAnswering<ProductDetail> {
    if (viewer) return valueAnswer(this.getById(viewer, id));
    return keptAnswer(this.productAnswers.getOrCompute(`id:${id}`, () => this.getById(null, id)));
  }

  /** Drops this instance's kept reads (and reloads its search index) whenever any instance writes a product; resolves once listening. */
  followChanges(): Promise<Unsubscribe> {
    // Built in the background at startup, so the first visitor to search does not wait for it
    // (seconds at 100,000 products, docs/decisions/0019); a search before it is ready waits.
    void this.searchIndex.rebuild().catch(() => undefined);
    // Changes made while the bus was away never reached this instance: what it kept may be stale.
    this.events.onReconnect(() => {
      this.dropKeptReads();
      this.searchIndex.refresh();
    });
    return this.events.subscribe(CATALOGUE_CHANGED, (payload) => {
      this.followIndex(payload as ChangedPayload | null);
      this.dropKeptReads();
    });
  }

  /** Approved products for everybody; an admin sees every status; a user also their own. */
  private async list(viewer: SessionUser | null, query: ListQuery): Promise<ProductSummary[]> {
    const mine = query.mine === 'true';
    let visibility: ListFilter['visibility'] = { kind: 'approved' };
    if (viewer && mine) visibility = { kind: 'ownedBy', userId: viewer._id };
    else if (viewer) visibility = seesEveryProduct(viewer) ? { kind: 'everything' } : { kind: 'approvedOrOwnedBy', userId: viewer._id };
    const cards = await this.cards.of(
      await this.rows.listIds({
        visibility,
        status: query.status,
        subCategory: query.subCategory,
        engine: query.engine,
        ...(query.onSale === 'true' ? { onSaleAt: this.clock.now().toISOString() } : {}),
        limit: query.limit,
        offset: query.offset,
      }),
    );
    return viewer ? this.withModeration(viewer, cards) : cards;
  }

  /**
   * The owner and admins see each product's last moderation decision and any waiting change; the
   * shared cards never carry it, so no visitor's answer can.
   */
  private async withModeration<T extends ProductSummary>(viewer: SessionUser, products: T[]): Promise<T[]> {
    const ownerId = seesEveryProduct(viewer) ? null : viewer._id;
    const states = await this.rows.moderationStatesOf(
      products.map((product) => product._id),
      ownerId,
    );
    return products.map((product) => {
      const moderation = states.get(product._id);
      return moderation ? { ...product, moderation } : product;
    });
  }

  async getById(viewer: SessionUser | null, id: string): Promise<ProductDetail> {
    const row = await this.rows.findById(id);
    if (!row || !canSee(viewer, row)) throw notFound('Product not found');
    return this.detailOf(viewer, row);
  }

  /** docs/product-spec.md §2.2: the slug's hyphens are spaces, matched against the English title, any letter case. */
  private async getBySlug(viewer: SessionUser | null, slug: string): Promise<ProductDetail> {
    const row = await this.visibleBySlug(viewer, slug);
    if (!row) throw notFound('Product not found');
    return this.detailOf(viewer, row);
  }

  private async popular(period: PopularPeriod, limit: number): Promise<ProductSummary[]> {
    const days = PERIOD_DAYS[period];
    const since = days === null ? null : this.daysAgo(days);
    return this.cards.of(await this.rows.bestSellingIds(since, limit));
  }

  private async listing(slug: string): Promise<{ title: string | null; products: ProductSummary[] }> {
    const title = LISTING_TITLES[slug] ?? null;
    if (slug === 'popular-of-month') return { title, products: await this.popular('month', LISTING_LIMIT) };
    if (slug === 'popular-of-year') return { title, products: await this.popular('year', LISTING_LIMIT) };
    if (slug === 'popular-of-all-time') return { title, products: await this.popular('all', LISTING_LIMIT) };
    if (slug === 'trending-games') {
      return { title, products: await this.cards.of(await this.rows.mostViewedIds(this.daysAgo(TRENDING_DAYS), LISTING_LIMIT)) };
    }
    // Kept until the next catalogue change: a sale's start or end is one (modules/sales, noticeStartsAndEnds).
    if (slug === 'on-sale') {
      return { title, products: await this.cards.of(await this.rows.onSaleIds(this.clock.now().toISOString(), LISTING_LIMIT)) };
    }
    // newly-uploading-games and any other slug: every approved product, newest first.
    return {
      title,
      products: await this.cards.of(await this.rows.listIds({ visibility: { kind: 'approved' }, limit: LISTING_LIMIT, offset: 0 })),
    };
  }

  async portfolioAnswer(slug: string): Promise<CatalogueAnswer<ProductSummary[]>> {
    return { value: await this.cards.of(await this.rows.idsByAuthorName(slugToAuthor(slug).trim(), LISTING_LIMIT)) };
  }

  /** Every sub category in the order of docs/product-spec.md §3 with its number of approved products. */
  async subCategoryCountsAnswer(): Promise<CatalogueAnswer<Array<{ subCategory: SubCategory; count: number }>>> {
    const counts = await this.rows.approvedCountsBySubCategory();
    return { value: SUB_CATEGORIES.map((subCategory) => ({ subCategory, count: counts.get(subCategory) ?? 0 })) };
  }

  /**
   * A product was written or sold: this instance's kept reads go at once, so its next read sees the
   * change; the other instances drop theirs on the event.
   */
  changed(productIds?: readonly string[]): void {
    const payload: ChangedPayload | null = productIds ? { productIds: [...productIds] } : null;
    this.followIndex(payload);
    this.dropKeptReads();
    void this.events.publish(CATALOGUE_CHANGED, payload);
  }

  /** Named products reload before the next search; an unnamed change rebuilds the index in the background. */
  private followIndex(payload: ChangedPayload | null): void {
    if (payload?.productIds) this.searchIndex.productsChanged(payload.productIds);
    else this.searchIndex.refresh();
  }

  /**
   * Counts the times the kept reads were dropped: anything made from them under an older count (a
   * visitor's rendered page, modules/pages) is stale too.
   */
  get keptReadsVersion(): number {
    return this.droppedReads;
  }

  private droppedReads = 0;
  private readonly dropListeners = new Set<() => void>();

  /** Calls `listener` each time the kept reads are dropped (what was made from them is stale); answers its removal. */
  onKeptReadsDropped(listener: () => void): () => void {
    this.dropListeners.add(listener);
    return () => this.dropListeners.delete(listener);
  }

  private dropKeptReads(): void {
    this.droppedReads += 1;
    for (const listener of this.dropListeners) listener();
    this.answers.clear();
    this.searchAnswers.clear();
    this.productAnswers.clear();
    this.cards.clear();
  }

  /**
   * The cards, as JSON, of the text as typed and its English translation (docs/product-spec.md §5): a
   * product matching either is found. At once when nothing needs waiting for: the index current, no
   * translation service, every card kept (docs/decisions/0021).
   */
  private search(text: string, typed: string[], limit: number): AtOnce<Buffer> {
    if (typed.length === 0) return Buffer.from('[]');
    const index = this.searchIndex.currentNow();
    const english = this.translator.toEnglish(text);
    if (!index || english instanceof Promise) return this.searchOnceReady(typed, english, limit);
    return this.cards.jsonOf(topIds(index, alternatives(typed, english), limit));
  }

  private async searchOnceReady(typed: string[], english: AtOnce<string>, limit: number): Promise<Buffer> {
    const [index, translated] = await Promise.all([this.searchIndex.current(), english]);
    return this.cards.jsonOf(topIds(index, alternatives(typed, translated), limit));
  }

  /** Products matching the text (every approved one when empty) and the filters, their total and facets. */
  private async searchResults(query: SearchResultsQuery, typed: string[]): Promise<SearchResults> {
    const now = this.clock.now();
    const [index, onSale] = await Promise.all([this.searchIndex.current(), this.rows.onSaleIdSet(now.toISOString())]);
    const scores = typed.length === 0 ? null : index.match(alternatives(typed, await this.translator.toEnglish(query.q)));
    const page = searchPage(candidatesOf(index, scores, onSale), query, now.getTime());
    return { products: await this.cards.of(page.ids), total: page.total, facets: page.facets };
  }

  /** A product's stored row whatever its status, for the product writes, which check access themselves. */
  findRow(id: string): Promise<ProductRow | undefined> {
    return this.rows.findById(id);
  }

  /** Each product's stored translations: with their descriptions and keywords when `withBodies`. */
  translationsOf(ids: readonly string[], withBodies: boolean): Promise<Map<string, TranslationRow[]>> {
    return this.rows.translationsOf(ids, withBodies);
  }

  /** A product's screenshot keys in display order. */
  screenshotsOf(id: string): Promise<string[]> {
    return this.rows.screenshotsOf(id);
  }

  /**
   * The cards of these products in the order given, each with its seller and whether it is for sale
   * now (read from the table, not the kept cards); products that no longer exist are left out.
   */
  async cardsForSale(ids: readonly string[]): Promise<Array<{ card: ProductSummary; ownerId: string; forSale: boolean }>> {
    const states = await this.rows.saleStates(ids);
    const cards = await this.cards.of(ids.filter((id) => states.has(id)));
    return cards.flatMap((card) => {
      const state = states.get(card._id);
      return state ? [{ card, ownerId: state.ownerId, forSale: state.status === 'Approved' }] : [];
    });
  }

  async isPublic(id: string): Promise<boolean> {
    return (await this.rows.findById(id))?.status === 'Approved';
  }

  /**
   * What a shared /downloads/{title} link shows before the app loads (a visitor sees approved products
   * only); null when the viewer may not see the product, whose page then answers 404.
   */
  async shareCard(viewer: SessionUser | null, slug: string): Promise<{ title: string; description: string; image: string } | null> {
    const row = await this.visibleBySlug(viewer, slug);
    if (!row) return null;
    const translations = (await this.rows.translationsOf([row.id], true)).get(row.id) ?? [];
    const english = translations.find((entry) => entry.language === 'en') ?? translations[0];
    return {
      title: productTitle(titlesOf(translations)),
      description: htmlToText(english?.description_html || row.features_html).slice(0, 300),
      image: imageUrl(row.feature_img_key),
    };
  }

  async sitemapEntries(): Promise<Array<{ slug: string; updatedAt: string }>> {
    const rows = await this.rows.approvedTitles(SITEMAP_LIMIT);
    return rows.map((row) => ({ slug: titleToSlug(row.title), updatedAt: row.updated_at }));
  }

  private async visibleBySlug(viewer: SessionUser | null, slug: string): Promise<ProductRow | undefined> {
    const rows = (await this.rows.findBySlugKey(slugKey(slug))).filter((row) => canSee(viewer, row));
    return rows.find((row) => row.status === 'Approved') ?? rows[0];
  }

  private async detailOf(viewer: SessionUser | null, row: ProductRow): Promise<ProductDetail> {
    const [translations, screenshots, ownerName, release] = await Promise.all([
      this.rows.translationsOf([row.id], true),
      this.rows.screenshotsOf(row.id),
      this.rows.ownerName(row.user_id),
      this.rows.latestReleaseOf(row.id),
    ]);
    const [detail] = await this.withSales([row], (listed) =>
      toDetail(
        listed,
        translations.get(row.id) ?? [],
        screenshots,
        { _id: row.user_id, name: ownerName },
        release?.published_at ? { version: release.version, publishedAt: release.published_at } : null,
        viewer !== null && canManage(viewer, row),
      ),
    );
    if (viewer === null || !canManage(viewer, row)) return detail!;
    const [withModeration] = await this.withModeration(viewer, [detail!]);
    return withModeration!;
  }

  private daysAgo(days: number): string {
    return new Date(this.clock.now().getTime() - days * DAY_MS).toISOString();
  }
}
