import { type Kysely, type Selectable, sql } from 'kysely';
import { englishTitleOf } from '../../db/product-title.js';
import type { BundleProductsTable, BundlesTable, Database } from '../../db/schema.js';

export type BundleRow = Selectable<BundlesTable>;
export type BundleProductRow = Selectable<BundleProductsTable>;

/** A bundle's product with what its page, its price checks and the checkout need, at today's prices. */
export interface BundleMemberRow {
  bundle_id: string;
  product_id: string;
  position: number;
  seller_id: string;
  status: string;
  category: string;
  thumbnail_key: string;
  single_app_license_cents: number;
  multi_app_license_cents: number;
  title: string | null;
}

/** Bundles and the products in them; no rule lives here. */
export class BundlesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(bundle: BundleRow, productIds: readonly string[]): Promise<void> {
    await this.db.insertInto('bundles').values(bundle).execute();
    await this.insertProducts(bundle.id, productIds);
  }

  /** The bundle's name, prices and products become these, inside the caller's unit of work. */
  async update(
    id: string,
    fields: Pick<BundleRow, 'name' | 'single_app_license_cents' | 'multi_app_license_cents' | 'updated_at'>,
    productIds: readonly string[],
  ): Promise<void> {
    await this.db.updateTable('bundles').set(fields).where('id', '=', id).execute();
    await this.db.deleteFrom('bundle_products').where('bundle_id', '=', id).execute();
    await this.insertProducts(id, productIds);
  }

  private async insertProducts(bundleId: string, productIds: readonly string[]): Promise<void> {
    await this.db
      .insertInto('bundle_products')
      .values(productIds.map((productId, position) => ({ bundle_id: bundleId, product_id: productId, position })))
      .execute();
  }

  async markDeleted(id: string, at: string): Promise<void> {
    await this.db.updateTable('bundles').set({ deleted_at: at, updated_at: at }).where('id', '=', id).execute();
  }

  /** Bundles by id, deleted ones too (an order may name one). */
  byIds(ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.bundles().where('b.id', 'in', ids).execute();
  }

  /** The seller's bundles not deleted, newest first. */
  ofSeller(sellerId: string) {
    return this.bundles().where('b.seller_id', '=', sellerId).where('b.deleted_at', 'is', null).orderBy('b.created_at', 'desc').execute();
  }

  /** Bundles not deleted that hold the product, newest first. */
  holding(productId: string) {
    return this.bundles()
      .where('b.deleted_at', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('bundle_products as bp')
            .select('bp.product_id')
            .whereRef('bp.bundle_id', '=', 'b.id')
            .where('bp.product_id', '=', productId),
        ),
      )
      .orderBy('b.created_at', 'desc')
      .execute();
  }

  /** Bundles not deleted that hold an approved product of the author (a portfolio's name, any case), newest first. */
  ofAuthor(authorName: string) {
    return this.bundles()
      .where('b.deleted_at', 'is', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('bundle_products as bp')
            .innerJoin('products as p', 'p.id', 'bp.product_id')
            .select('bp.product_id')
            .whereRef('bp.bundle_id', '=', 'b.id')
            .where('p.status', '=', 'Approved')
            .where(sql`lower(p.author_name)`, '=', authorName.toLowerCase()),
        ),
      )
      .orderBy('b.created_at', 'desc')
      .execute();
  }

  private bundles() {
    return this.db.selectFrom('bundles as b').innerJoin('users as u', 'u.id', 'b.seller_id').selectAll('b').select('u.name as seller_name');
  }

  /** The products of the bundles, in each bundle's order, with their titles and today's prices. */
  membersOf(bundleIds: readonly string[]): Promise<BundleMemberRow[]> {
    if (bundleIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('bundle_products as bp')
      .innerJoin('products as p', 'p.id', 'bp.product_id')
      .select(['bp.bundle_id', 'bp.product_id', 'bp.position'])
      .select([
        'p.user_id as seller_id',
        'p.status',
        'p.category',
        'p.thumbnail_key',
        'p.single_app_license_cents',
        'p.multi_app_license_cents',
      ])
      .select(englishTitleOf('p.id').as('title'))
      .where('bp.bundle_id', 'in', bundleIds)
      .orderBy('bp.bundle_id')
      .orderBy('bp.position')
      .execute();
  }

  /** Of the ids given, the products not deleted, with their owner, status, title and prices. */
  products(productIds: readonly string[]) {
    if (productIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('products as p')
      .select(['p.id', 'p.user_id', 'p.status', 'p.single_app_license_cents', 'p.multi_app_license_cents'])
      .select(englishTitleOf('p.id').as('title'))
      .where('p.id', 'in', productIds)
      .where('p.status', '!=', 'Deleted')
      .execute();
  }
}

/**
 * The name of the bundle `bundleRef` names (a column of another module's query: an order line's
 * bundle), or null: the door's fragment, never the table's name.
 */
export const bundleNameOf = (bundleRef: string) => sql<string | null>`(select bn.name from bundles bn where bn.id = ${sql.ref(bundleRef)})`;

/** The names of the bundles, deleted ones too, by id: what a receipt calls the bundles its lines were bought in. */
export async function bundleNamesOf(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('bundles').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
