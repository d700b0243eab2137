import { htmlToText } from '../../platform/html/index.js';
import type { SearchDocumentRow, TranslationRow } from './catalogue.repository.js';
import { FIELD_WEIGHTS, SearchIndex, type IndexedProduct } from './search-index.js';

/** A product row as the index holds it: its weighted texts and the facts ranking and facets need (docs/decisions/0019). */
export function indexedProduct(row: SearchDocumentRow & { translations: TranslationRow[] }): IndexedProduct {
  const tags = [row.category, row.sub_category, row.framework, row.engine, row.author_name, row.seller_name];
  const platforms = new Set<string>();
  // A Unity project builds for both stores; otherwise the category and the store links say.
  if (row.category === 'Android' || row.category === 'Unity' || row.google_play_link) platforms.add('Android');
  if (row.category === 'IOS' || row.category === 'Unity' || row.app_store_link) platforms.add('iOS');
  const licences: string[] = [];
  if (Number(row.multi_app_license_cents) > 0) licences.push('multi_app');
  if (row.reskin_price_cents !== null && Number(row.reskin_price_cents) > 0) licences.push('reskin');
  return {
    id: row.id,
    fields: [
      ...row.translations.map((translation) => ({ text: translation.title, weight: FIELD_WEIGHTS.title })),
      ...row.translations.map((translation) => ({ text: translation.keywords.join(' '), weight: FIELD_WEIGHTS.tag })),
      ...tags.filter((tag): tag is string => Boolean(tag)).map((text) => ({ text, weight: FIELD_WEIGHTS.tag })),
      ...row.translations.map((translation) => ({ text: htmlToText(translation.description_html), weight: FIELD_WEIGHTS.description })),
    ],
    facts: {
      engine: row.engine,
      platforms: [...platforms],
      category: row.category,
      subCategory: row.sub_category,
      priceCents: Number(row.single_app_license_cents),
      reviewCount: Number(row.review_count),
      reviewTotal: Number(row.review_total),
      licences,
      unitsSold: Number(row.units_sold),
      downloads: Number(row.downloads),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    },
  };
}

/**
 * Keeps this instance's search index current: built on the first search, the changed products
 * reloaded (one query) before the next search, a whole rebuild run in the background while
 * searches keep the previous index; at most one rebuild runs and one waits.
 */
export class SearchIndexKeeper {
  private index: SearchIndex | null = null;
  private building: Promise<void> | null = null;
  private rebuildWaiting = false;
  /** Products changed while a rebuild read the rows: reloaded once it is in place. */
  private changedDuringBuild = new Set<string>();
  private reloads: Promise<void> = Promise.resolve();
  /** Reloads chained on `reloads` and not yet settled. */
  private reloadsPending = 0;
  /** How long the last whole build took, in milliseconds. */
  lastBuildMs = 0;

  constructor(private readonly load: (ids: readonly string[] | null) => Promise<IndexedProduct[]>) {}

  async current(): Promise<SearchIndex> {
    if (!this.index) await (this.building ?? this.rebuild());
    // A rebuild put in place meanwhile chains the reload of what changed while it read the rows.
    let pending: Promise<void>;
    do {
      pending = this.reloads;
      await pending;
    } while (pending !== this.reloads);
    return this.index!;
  }

  /**
   * The index `current` would give, when that needs no waiting (built, and no reload under way);
   * null otherwise. A search then answers without a turn of the microtask queue (docs/decisions/0021).
   */
  currentNow(): SearchIndex | null {
    return this.reloadsPending === 0 ? this.index : null;
  }

  /** Anything may have changed: rebuild in the background, unless no search has built the index yet. */
  refresh(): void {
    if (this.index || this.building) this.rebuildQuietly();
  }

  /** These products were written: the next search sees them as they are now. */
  productsChanged(ids: readonly string[]): void {
    if (ids.length === 0) return;
    if (this.building) for (const id of ids) this.changedDuringBuild.add(id);
    if (!this.index) return;
    this.chainReload(this.index, ids);
  }

  /** Anything may have changed: rebuild in the background (or now, when there is no index yet). */
  rebuild(): Promise<void> {
    if (this.building) {
      this.rebuildWaiting = true;
      return this.building;
    }
    this.building = this.build().finally(() => {
      this.building = null;
      if (this.rebuildWaiting) {
        this.rebuildWaiting = false;
        this.rebuildQuietly();
      }
    });
    return this.building;
  }

  /**
   * A rebuild nobody waits for: if it fails (the database away, or closed as the app stops) the
   * previous index stays, and the next change or search tries again.
   */
  private rebuildQuietly(): void {
    void this.rebuild().catch(() => undefined);
  }

  private async build(): Promise<void> {
    this.changedDuringBuild = new Set();
    const started = performance.now();
    const index = new SearchIndex();
    for (const product of await this.load(null)) index.upsert(product);
    index.prepareWalks();
    this.lastBuildMs = performance.now() - started;
    this.index = index;
    const changed = [...this.changedDuringBuild];
    this.changedDuringBuild = new Set();
    if (changed.length > 0) this.chainReload(index, changed);
  }

  /** Reloads the products after the reloads before; a failed reload leaves a rebuild to put things right. */
  private chainReload(index: SearchIndex, ids: readonly string[]): void {
    this.reloadsPending += 1;
    this.reloads = this.reloads
      .then(() => this.reload(index, ids))
      .catch(() => this.rebuildQuietly())
      .finally(() => {
        this.reloadsPending -= 1;
      });
  }

  private async reload(index: SearchIndex, ids: readonly string[]): Promise<void> {
    const products = await this.load(ids);
    for (const id of ids) index.remove(id);
    for (const product of products) index.upsert(product);
    // Space a changed product's words leave is not reused; a fresh build gives it back (one under
    // way already does: asking again would queue a second).
    if (index.wantsRebuild && !this.building) this.rebuildQuietly();
  }
}
