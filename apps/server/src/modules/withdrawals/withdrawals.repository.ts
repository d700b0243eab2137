import type { LicenseType, WithdrawalStatus } from '@market/contracts';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Dialect } from '../../db/index.js';
import { englishTitleOf } from '../../db/product-title.js';
import type { Database, WithdrawalsTable } from '../../db/schema.js';
import { reskinQuotedWith, soldLicenceLines, soldLines } from '../orders/index.js';

export type WithdrawalRow = Selectable<WithdrawalsTable>;
export type WithdrawalWithSellerRow = WithdrawalRow & { seller_name: string; seller_email: string };

export interface WithdrawalFilter {
  userId?: string;
  status?: WithdrawalStatus;
}

export interface SaleRow {
  purchase_id: string;
  product_id: string;
  title: string | null;
  license_type: LicenseType;
  price_cents: number;
  /** The reskin quoted with the licence, or null when none was asked for. */
  reskin_price_cents: number | null;
  sold_at: string | null;
  refund_id: string | null;
}

/** A sold line for the public API (docs/decisions/0014). */
export interface SoldLineRow {
  order_id: string;
  line_id: string;
  product_id: string;
  title: string | null;
  license_type: LicenseType;
  paid_cents: number;
  sold_at: string;
  refunded: number | string;
}

/** One of the seller's lines of a sale, as recorded at the sale (docs/decisions/0014). */
export interface SaleLineRow {
  order_id: string;
  currency: string;
  sold_at: string;
  line_id: string;
  product_id: string;
  title: string | null;
  license_type: LicenseType;
  list_cents: number;
  discount_cents: number;
  platform_discount_cents: number;
  tax_cents: number;
  paid_cents: number;
}

/** A refund of a sold line, as recorded. */
export interface LineRefundRow {
  id: string;
  line_id: string;
  amount_cents: number;
  reason: string;
  status: 'pending' | 'succeeded';
  created_at: string;
}

export class WithdrawalsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /** A user's id and name (a statement's holder), or nothing for an unknown id. */
  personOf(userId: string): Promise<{ _id: string; name: string } | undefined> {
    return this.db.selectFrom('users').select(['id as _id', 'name']).where('id', '=', userId).executeTakeFirst();
  }

  /** What the seller's pending withdrawals ask for, in cents: read through the (user_id, status) index, pending rows only. */
  async pendingTotal(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('withdrawals')
      .where('user_id', '=', userId)
      .where('status', '=', 'Pending')
      .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('pending'))
      .executeTakeFirstOrThrow();
    return Number(row.pending);
  }

  recentSales(userId: string, limit: number): Promise<SaleRow[]> {
    return (
      soldLicenceLines(this.db)
        .leftJoin('product_translations', (join) =>
          join.onRef('product_translations.product_id', '=', 'l.product_id').on('product_translations.language', '=', 'en'),
        )
        .leftJoin('refunds', 'refunds.purchase_line_id', 'l.id')
        // The seller fixed at the sale, whose ledger account it credited.
        .where('l.seller_id', '=', userId)
        .select([
          'refunds.id as refund_id',
          'o.id as purchase_id',
          'l.product_id',
          'product_translations.title',
          'l.license_type',
          'l.paid_cents as price_cents',
          'o.paid_at as sold_at',
        ])
        .select(reskinQuotedWith('l').as('reskin_price_cents'))
        .orderBy('o.paid_at', 'desc')
        .orderBy('l.id')
        .limit(limit)
        .execute()
    );
  }

  /** The seller's sold lines newest first, after `after` (the last row of the page before), `limit` of them. */
  salesPage(sellerId: string, after: { at: string; id: string } | null, limit: number): Promise<SoldLineRow[]> {
    let query = soldLicenceLines(this.db)
      // The seller fixed at the sale, whose ledger account it credited.
      .where('l.seller_id', '=', sellerId)
      .where('o.paid_at', 'is not', null)
      .select(['o.id as order_id', 'l.id as line_id', 'l.product_id', 'l.license_type', 'l.paid_cents'])
      .select(sql<string>`o.paid_at`.as('sold_at'))
      .select(englishTitleOf('l.product_id').as('title'))
      .select(sql<number>`case when exists (select 1 from refunds r where r.purchase_line_id = l.id) then 1 else 0 end`.as('refunded'));
    if (after) {
      query = query.where((eb) =>
        eb.or([eb('o.paid_at', '<', after.at), eb.and([eb('o.paid_at', '=', after.at), eb('l.id', '<', after.id)])]),
      );
    }
    return query.orderBy('o.paid_at', 'desc').orderBy('l.id', 'desc').limit(limit).execute();
  }

  /** The seller's sold lines of one paid order (the seller fixed at the sale, as in `salesPage`), by line id. */
  saleLines(sellerId: string, orderId: string): Promise<SaleLineRow[]> {
    return soldLicenceLines(this.db)
      .where('l.seller_id', '=', sellerId)
      .where('o.id', '=', orderId)
      .where('o.paid_at', 'is not', null)
      .select(['o.id as order_id', 'o.currency', 'l.id as line_id', 'l.product_id', 'l.license_type'])
      .select(['l.list_cents', 'l.discount_cents', 'l.platform_discount_cents', 'l.tax_cents', 'l.paid_cents'])
      .select(sql<string>`o.paid_at`.as('sold_at'))
      .select(englishTitleOf('l.product_id').as('title'))
      .orderBy('l.id')
      .execute();
  }

  /** The refunds of the given sold lines, oldest first. */
  async refundsOfLines(lineIds: readonly string[]): Promise<LineRefundRow[]> {
    if (lineIds.length === 0) return [];
    return this.db
      .selectFrom('refunds')
      .select(['id', 'purchase_line_id as line_id', 'amount_cents', 'reason', 'status', 'created_at'])
      .where('purchase_line_id', 'in', lineIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /**
   * The product and its English title (or first) of each sold line, by line id, with its list price and
   * the discount the seller gave (a platform code's part is the platform's: the seller earned it).
   */
  async productsOfLines(
    lineIds: readonly string[],
  ): Promise<Map<string, { productId: string; title: string | null; listCents: number | null; discountCents: number | null }>> {
    if (lineIds.length === 0) return new Map();
    const rows = await soldLines(this.db)
      .select(['l.id', 'l.kind', 'l.product_id', 'l.list_cents', 'l.discount_cents', 'l.platform_discount_cents'])
      .select(englishTitleOf('l.product_id').as('title'))
      .where('l.id', 'in', lineIds)
      .execute();
    return new Map(
      rows.map((row) => [
        row.id,
        {
          productId: row.product_id,
          title: row.title,
          // A custom work milestone has a quoted price, no list price nor discounts (docs/decisions/0013).
          listCents: row.kind === 'custom_work' ? null : Number(row.list_cents),
          discountCents: row.kind === 'custom_work' ? null : Number(row.discount_cents) - Number(row.platform_discount_cents),
        },
      ]),
    );
  }

  async insert(row: WithdrawalRow): Promise<void> {
    await this.db.insertInto('withdrawals').values(row).execute();
  }

  findById(id: string): Promise<WithdrawalRow | undefined> {
    return this.db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
  }

  list(filter: WithdrawalFilter): Promise<WithdrawalWithSellerRow[]> {
    let query = this.db
      .selectFrom('withdrawals')
      .innerJoin('users', 'users.id', 'withdrawals.user_id')
      .selectAll('withdrawals')
      .select(['users.name as seller_name', 'users.email as seller_email']);
    if (filter.userId) query = query.where('withdrawals.user_id', '=', filter.userId);
    if (filter.status) query = query.where('withdrawals.status', '=', filter.status);
    return query.orderBy('withdrawals.created_at', 'desc').orderBy('withdrawals.id').execute();
  }

  /** Pending → Success, once, inside the caller's unit of work: answers whether this call made the change. */
  async markPaid(id: string, paidAt: string): Promise<boolean> {
    const result = await this.db
      .updateTable('withdrawals')
      .set({ status: 'Success', paid_at: paidAt })
      .where('id', '=', id)
      .where('status', '=', 'Pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
