import type { AliasedSelectQueryBuilder, Kysely, Selectable } from 'kysely';
import { englishTitleOf } from '../../db/product-title.js';
import type { Database, SaleProductsTable, SalesTable } from '../../db/schema.js';

export type SaleRow = Selectable<SalesTable>;
export type SaleProductRow = Selectable<SaleProductsTable>;

/** A sale running at a moment on one product: what a price read needs. */
export interface RunningSaleRow {
  product_id: string;
  percent: number;
  starts_at: string;
  ends_at: string;
  lowest_single_cents: number;
  lowest_multi_cents: number;
}

/**
 * The sale running at `atIso` on each of the products (at most one: sales on a product never
 * overlap). The catalogue's and the checkout's one read of the sales tables.
 */
export function runningSalesOf(db: Kysely<Database>, productIds: readonly string[], atIso: string): Promise<RunningSaleRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sale_products as sp')
    .innerJoin('sales as s', 's.id', 'sp.sale_id')
    .select(['sp.product_id', 's.percent', 's.starts_at', 's.ends_at', 'sp.lowest_single_cents', 'sp.lowest_multi_cents'])
    .where('sp.product_id', 'in', productIds)
    .where('s.starts_at', '<=', atIso)
    .where('s.ends_at', '>', atIso)
    .execute();
}

/** A product on sale at a moment, as the catalogue's on-sale reads join it. */
export interface ProductOnSale {
  product_id: string;
  /** When its sale ends: the on-sale shelf shows the soonest ending first. */
  ends_at: string;
}

/**
 * The products with a sale running at `atIso`, as a table (`on_sale`) another module's query joins:
 * the door's query, never the tables' names. A product is in one sale at a time, so a join adds no row.
 */
export function productsOnSaleAt(db: Kysely<Database>, atIso: string): AliasedSelectQueryBuilder<ProductOnSale, 'on_sale'> {
  return db
    .selectFrom('sale_products as sp')
    .innerJoin('sales as s', 's.id', 'sp.sale_id')
    .select(['sp.product_id', 's.ends_at'])
    .where('s.starts_at', '<=', atIso)
    .where('s.ends_at', '>', atIso)
    .as('on_sale');
}

/** Sales and the products in them; no rule lives here. */
export class SalesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(sale: SaleRow, products: readonly SaleProductRow[]): Promise<void> {
    await this.db.insertInto('sales').values(sale).execute();
    await this.db
      .insertInto('sale_products')
      .values([...products])
      .execute();
  }

  findById(id: string): Promise<SaleRow | undefined> {
    return this.db.selectFrom('sales').selectAll().where('id', '=', id).executeTakeFirst();
  }

  ofSeller(sellerId: string): Promise<SaleRow[]> {
    return this.db.selectFrom('sales').selectAll().where('seller_id', '=', sellerId).orderBy('starts_at', 'desc').orderBy('id').execute();
  }

  /** The products of the sales with their titles and today's prices. */
  productsOf(saleIds: readonly string[]) {
    if (saleIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('sale_products as sp')
      .innerJoin('products as p', 'p.id', 'sp.product_id')
      .select(['sp.sale_id', 'sp.product_id', 'sp.lowest_single_cents', 'sp.lowest_multi_cents'])
      .select(['p.single_app_license_cents', 'p.multi_app_license_cents'])
      .select(englishTitleOf('sp.product_id').as('title'))
      .where('sp.sale_id', 'in', saleIds)
      .orderBy('sp.product_id')
      .execute();
  }

  /** Of the ids given, the seller's products still listed, with their titles. */
  ownProducts(sellerId: string, productIds: readonly string[]) {
    return this.db
      .selectFrom('products as p')
      .select(['p.id', 'p.single_app_license_cents', 'p.multi_app_license_cents'])
      .select(englishTitleOf('p.id').as('title'))
      .where('p.user_id', '=', sellerId)
      .where('p.id', 'in', productIds)
      .where('p.status', '!=', 'Deleted')
      .execute();
  }

  /** Sales on any of the products that overlap the period [from, to). */
  overlapping(productIds: readonly string[], fromIso: string, toIso: string) {
    return this.db
      .selectFrom('sale_products as sp')
      .innerJoin('sales as s', 's.id', 'sp.sale_id')
      .select(['sp.product_id', 's.percent', 's.starts_at', 's.ends_at'])
      .where('sp.product_id', 'in', productIds)
      .where('s.ends_at', '>', fromIso)
      .where('s.starts_at', '<', toIso)
      .orderBy('s.starts_at')
      .execute();
  }

  /** When the last sale on the product that has not ended yet ends; null when none is scheduled or running. */
  async heldUntil(productId: string, nowIso: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('sale_products as sp')
      .innerJoin('sales as s', 's.id', 'sp.sale_id')
      .select((eb) => eb.fn.max('s.ends_at').as('until'))
      .where('sp.product_id', '=', productId)
      .where('s.ends_at', '>', nowIso)
      .executeTakeFirst();
    return (row?.until as string | null | undefined) ?? null;
  }

  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('sales').where('id', '=', id).execute();
  }

  async end(id: string, nowIso: string): Promise<void> {
    await this.db.updateTable('sales').set({ ends_at: nowIso, updated_at: nowIso }).where('id', '=', id).execute();
  }

  /** Whether a sale started or ended in (after, until]. */
  async changedBetween(afterIso: string, untilIso: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sales')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('starts_at', '>', afterIso), eb('starts_at', '<=', untilIso)]),
          eb.and([eb('ends_at', '>', afterIso), eb('ends_at', '<=', untilIso)]),
        ]),
      )
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
