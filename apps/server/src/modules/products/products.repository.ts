import type { ProductStatus } from '@market/contracts';
import { type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Dialect } from '../../db/index.js';
import { englishTitleOf } from '../../db/product-title.js';
import type { Database, ProductsTable, StoredProductStatus } from '../../db/schema.js';
import { hasLicences } from '../licences/index.js';
import { newId } from '../../platform/ids.js';
import { RETIRED, type TranslationRow } from '../catalogue/index.js';

const APPROVED = 'Approved';

export type NewProductRow = Omit<Insertable<ProductsTable>, 'downloads'>;

export interface ProductWrite {
  product: NewProductRow;
  translations: TranslationRow[];
  /** Image keys in display order. */
  screenshots: string[];
}

/** Writes that commit or fail together with a product write. */

/** A seller's product as the public API reads it (docs/decisions/0014). */
export type OwnedProductRow = Pick<
  Selectable<ProductsTable>,
  'id' | 'type' | 'category' | 'single_app_license_cents' | 'multi_app_license_cents' | 'downloads' | 'created_at' | 'updated_at'
> & { title: string | null; status: ProductStatus };

/** SQL of product writes: products with their translations, screenshots and search index. */
export class ProductsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  private owned(ownerId: string) {
    return this.db
      .selectFrom('products as p')
      .select([
        'p.id',
        'p.status',
        'p.type',
        'p.category',
        'p.single_app_license_cents',
        'p.multi_app_license_cents',
        'p.downloads',
        'p.created_at',
        'p.updated_at',
      ])
      .select(englishTitleOf('p.id').as('title'))
      .where('p.user_id', '=', ownerId)
      .where('p.status', '!=', 'Deleted')
      .$narrowType<{ status: ProductStatus }>();
  }

  /** The owner's products newest first, after `after` (the last row of the page before), `limit` of them. */
  ownedPage(ownerId: string, after: { at: string; id: string } | null, limit: number): Promise<OwnedProductRow[]> {
    let query = this.owned(ownerId);
    if (after) {
      query = query.where((eb) =>
        eb.or([eb('p.created_at', '<', after.at), eb.and([eb('p.created_at', '=', after.at), eb('p.id', '<', after.id)])]),
      );
    }
    return query.orderBy('p.created_at', 'desc').orderBy('p.id', 'desc').limit(limit).execute();
  }

  ownedOne(ownerId: string, id: string): Promise<OwnedProductRow | undefined> {
    return this.owned(ownerId).where('p.id', '=', id).executeTakeFirst();
  }

  /** The new product with its translations, screenshots and search entry; inside the caller's unit of work. */
  async insert({ product, translations, screenshots }: ProductWrite): Promise<void> {
    await this.db.insertInto('products').values(product).execute();
    await this.writeTranslations(this.db, product.id, translations);
    await this.writeScreenshots(this.db, product.id, screenshots);
    await this.reindex(this.db, product.id);
  }

  listedPrices(id: string) {
    return this.db
      .selectFrom('products')
      .select(['id', 'single_app_license_cents', 'multi_app_license_cents'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The product's prices from `at` on, kept beside the earlier ones (docs/decisions/0009 "Sales"). */
  async recordPrices(productId: string, prices: { single: number; multi: number }, at: string): Promise<void> {
    await this.db
      .insertInto('product_prices')
      .values({
        id: newId(),
        product_id: productId,
        single_app_license_cents: prices.single,
        multi_app_license_cents: prices.multi,
        from_at: at,
      })
      .execute();
  }

  /** Replaces the product's fields and translations; screenshots only when a new set is given. Inside the caller's unit of work. */
  async update(
    id: string,
    changes: Updateable<ProductsTable>,
    translations: TranslationRow[],
    screenshots: string[] | null,
  ): Promise<void> {
    await this.db.updateTable('products').set(changes).where('id', '=', id).execute();
    await this.db.deleteFrom('product_translations').where('product_id', '=', id).execute();
    await this.writeTranslations(this.db, id, translations);
    if (screenshots) {
      await this.db.deleteFrom('product_screenshots').where('product_id', '=', id).execute();
      await this.writeScreenshots(this.db, id, screenshots);
    }
    await this.reindex(this.db, id);
  }

  /** Inside the caller's unit of work; on PostgreSQL the product's row lock queues two writes on one product. */
  async setStatus(id: string, status: StoredProductStatus, updatedAt: string): Promise<void> {
    await this.db.updateTable('products').set({ status, updated_at: updatedAt }).where('id', '=', id).execute();
    await this.reindex(this.db, id);
  }

  /** Inside the caller's unit of work. */
  async delete(id: string): Promise<void> {
    await this.unindex(this.db, id);
    // Translations, screenshots, views and comments go with it (ON DELETE CASCADE).
    await this.db.deleteFrom('products').where('id', '=', id).execute();
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

  async hasSales(id: string): Promise<boolean> {
    return hasLicences(this.db, id);
  }

  retiredIds(): Promise<string[]> {
    return this.db
      .selectFrom('products')
      .select('id')
      .where('status', '=', RETIRED)
      .execute()
      .then((rows) => rows.map((row) => row.id));
  }

  /** Every image a product keeps, retired or not; undefined once it is gone. */
  async imagesOf(id: string): Promise<string[] | undefined> {
    const row = await this.db.selectFrom('products').select(['feature_img_key', 'thumbnail_key']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    return [row.feature_img_key, row.thumbnail_key, ...(await this.screenshotKeysOf(id))];
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

  private async screenshotKeysOf(id: string): Promise<string[]> {
    const rows = await this.db.selectFrom('product_screenshots').select('image_key').where('product_id', '=', id).execute();
    return rows.map((row) => row.image_key);
  }
}

/** A product's prices, row by row, as the product module kept them. */
export interface PriceHistoryRow {
  product_id: string;
  single_app_license_cents: number;
  multi_app_license_cents: number;
  from_at: string;
}

/** The price history of the products up to `untilIso`, oldest first: the sales module's one read of it. */
export function priceHistoryOf(db: Kysely<Database>, productIds: readonly string[], untilIso: string): Promise<PriceHistoryRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('product_prices')
    .select(['product_id', 'single_app_license_cents', 'multi_app_license_cents', 'from_at'])
    .where('product_id', 'in', productIds)
    .where('from_at', '<=', untilIso)
    .orderBy('product_id')
    .orderBy('from_at')
    .execute();
}
