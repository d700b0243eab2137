import { type Kysely, sql } from 'kysely';
import { englishTitleOf } from '../../db/product-title.js';
import type { Database } from '../../db/schema.js';
import { sellerEarningEntries } from '../ledger/index.js';
import { soldLicenceLines, soldLines } from '../orders/index.js';
import type { DailyCounts } from './recorder.js';

/** Rows per insert: well under SQLite's and PostgreSQL's limits on bound parameters. */
const ROWS_PER_INSERT = 500;

export interface CountsRow {
  product_id: string;
  day: string;
  referrer: string;
  views: number;
  carts: number;
  checkouts: number;
}

export interface SalesRow {
  product_id: string;
  day: string;
  referrer: string | null;
  sales: number;
}

export interface LedgerRow {
  product_id: string;
  day: string;
  kind: 'sale' | 'refund';
  cents: number;
  refunds: number;
}

/** From midnight UTC of `from` to just before midnight after `to`, as stored times compare. */
const periodOf = (from: string, to: string) => {
  const end = new Date(`${to}T00:00:00Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start: `${from}T00:00:00.000Z`, end: end.toISOString() };
};

const dayOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 10)`;

export class AnalyticsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Adds each row's counts to its product, day and referrer, creating the row at them. */
  async addCounts(rows: readonly DailyCounts[]): Promise<void> {
    for (let index = 0; index < rows.length; index += ROWS_PER_INSERT) {
      await this.db
        .insertInto('product_analytics_daily')
        .values(
          rows.slice(index, index + ROWS_PER_INSERT).map((row) => ({
            product_id: row.productId,
            day: row.day,
            referrer: row.referrer,
            views: row.views,
            carts: row.carts,
            checkouts: row.checkouts,
          })),
        )
        .onConflict((conflict) =>
          conflict.columns(['product_id', 'day', 'referrer']).doUpdateSet((eb) => ({
            views: eb('product_analytics_daily.views', '+', eb.ref('excluded.views')),
            carts: eb('product_analytics_daily.carts', '+', eb.ref('excluded.carts')),
            checkouts: eb('product_analytics_daily.checkouts', '+', eb.ref('excluded.checkouts')),
          })),
        )
        .execute();
    }
  }

  /** Every product the seller owns (any status, retired ones too: their history stays), with its title. */
  productsOf(sellerId: string): Promise<Array<{ id: string; title: string | null }>> {
    return this.db
      .selectFrom('products as p')
      .select(['p.id', englishTitleOf('p.id').as('title')])
      .where('p.user_id', '=', sellerId)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id')
      .execute();
  }

  ownerOf(productId: string): Promise<{ user_id: string } | undefined> {
    return this.db.selectFrom('products').select('user_id').where('id', '=', productId).executeTakeFirst();
  }

  async counts(productIds: readonly string[], from: string, to: string): Promise<CountsRow[]> {
    if (productIds.length === 0) return [];
    const rows = await this.db
      .selectFrom('product_analytics_daily')
      .select(['product_id', 'day', 'referrer', 'views', 'carts', 'checkouts'])
      .where('product_id', 'in', productIds)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .execute();
    return rows.map((row) => ({ ...row, views: Number(row.views), carts: Number(row.carts), checkouts: Number(row.checkouts) }));
  }

  /** Licences sold of the products by this seller (the seller at the sale), per product, day paid and the order's referrer. */
  async sales(sellerId: string, productIds: readonly string[], from: string, to: string): Promise<SalesRow[]> {
    if (productIds.length === 0) return [];
    const { start, end } = periodOf(from, to);
    const rows = await soldLicenceLines(this.db)
      .select(['l.product_id', dayOf('o.paid_at').as('day'), 'o.referrer', (eb) => eb.fn.countAll<number>().as('sales')])
      .where('l.seller_id', '=', sellerId)
      .where('l.product_id', 'in', productIds)
      .where('o.paid_at', '>=', start)
      .where('o.paid_at', '<', end)
      .groupBy(['l.product_id', dayOf('o.paid_at'), 'o.referrer'])
      .execute();
    return rows.map((row) => ({ product_id: row.product_id, day: row.day, referrer: row.referrer, sales: Number(row.sales) }));
  }

  /**
   * The seller's sale and refund entries in the ledger for lines of the products, per product, day
   * and kind: the amounts the statement lists, summed (docs/decisions/0020).
   */
  async ledger(sellerId: string, productIds: readonly string[], from: string, to: string): Promise<LedgerRow[]> {
    if (productIds.length === 0) return [];
    const { start, end } = periodOf(from, to);
    const lines = soldLines(this.db).select(['l.id as line_id', 'l.product_id']).as('sl');
    const rows = await sellerEarningEntries(this.db, sellerId)
      .innerJoin(lines, 'sl.line_id', 'e.order_line_id')
      .select([
        'sl.product_id',
        dayOf('e.created_at').as('day'),
        'e.kind',
        (eb) => eb.fn.sum<number>('e.amount_cents').as('cents'),
        (eb) => eb.fn.count<number>('e.refund_id').distinct().as('refunds'),
      ])
      .where('sl.product_id', 'in', productIds)
      .where('e.created_at', '>=', start)
      .where('e.created_at', '<', end)
      .groupBy(['sl.product_id', dayOf('e.created_at'), 'e.kind'])
      .execute();
    return rows.map((row) => ({
      product_id: row.product_id,
      day: row.day,
      kind: row.kind === 'refund' ? 'refund' : 'sale',
      cents: Number(row.cents),
      refunds: Number(row.refunds),
    }));
  }
}
