import type { Kysely } from 'kysely';
import { englishTitleOf } from '../../db/product-title.js';
import type { Database } from '../../db/schema.js';

/** A product as checkout prices it. */
export interface SaleProductRow {
  id: string;
  /** The seller. */
  user_id: string;
  status: string;
  single_app_license_cents: number;
  multi_app_license_cents: number;
  reskin_price_cents: number | null;
  title: string | null;
}

/** What checkout reads of the catalogue; the order it opens is the orders module's. */
export class PaymentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored prices and status of the products, with their English (or first) title. */
  saleProducts(ids: readonly string[]): Promise<SaleProductRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('products as p')
      .select(['p.id', 'p.user_id', 'p.status', 'p.single_app_license_cents', 'p.multi_app_license_cents', 'p.reskin_price_cents'])
      .select(englishTitleOf('p.id').as('title'))
      .where('p.id', 'in', ids)
      .execute();
  }
}
