import type { LicenceStatus, LicenseType, RefundRequestStatus } from '@market/contracts';
import type { Kysely, Selectable } from 'kysely';
import { linesWithSaleEntries } from '../ledger/index.js';
import { englishTitleOf } from '../../db/product-title.js';
import type { Database, PurchasesTable } from '../../db/schema.js';

export type PurchaseRow = Selectable<PurchasesTable>;

export interface PurchaseWithBuyerRow extends PurchaseRow {
  buyer_name: string;
  buyer_email: string;
}

export interface NewPurchase {
  purchase: PurchaseRow;
  lines: Array<{
    id: string;
    product_id: string;
    license_type: LicenseType;
    is_reskin: number;
    price_cents: number;
    reskin_price_cents: number;
    purchase_code: string;
  }>;
}

/** A bought line with what the purchases page and the download need of its product. */
export interface PurchaseLineRow {
  purchase_id: string;
  product_id: string;
  license_type: LicenseType;
  is_reskin: number;
  price_cents: number;
  reskin_price_cents: number;
  download_enabled: number;
  purchase_code: string;
  status: LicenceStatus;
  category: string;
  thumbnail_key: string;
  title: string | null;
  /** A finished refund of the line (one under way shows once it is done). */
  refund_cents: number | null;
  refund_reason: string | null;
  refunded_at: string | null;
  request_status: RefundRequestStatus | null;
  request_reason: string | null;
  request_decline_reason: string | null;
  requested_at: string | null;
}

/**
 * Lines that were paid for (a price, or a quoted reskin) and have no sale in the ledger, for the
 * ledger's check (docs/decisions/0008): there must never be one. The check's one query over the
 * purchase tables.
 */
export async function paidLinesWithoutSaleEntries(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('purchase_lines as l')
    .leftJoin(linesWithSaleEntries(db).as('sold'), 'sold.order_line_id', 'l.id')
    .select('l.id')
    .where('sold.order_line_id', 'is', null)
    .where((eb) => eb.or([eb('l.price_cents', '>', 0), eb.and([eb('l.is_reskin', '=', 1), eb('l.reskin_price_cents', '>', 0)])]))
    .orderBy('l.id')
    .execute();
  return rows.map((row) => row.id);
}

export class PurchasesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: string): Promise<PurchaseRow | undefined> {
    return this.db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByPaymentId(paymentId: string): Promise<PurchaseRow | undefined> {
    return this.db.selectFrom('purchases').selectAll().where('payment_id', '=', paymentId).executeTakeFirst();
  }

  async existingProductIds(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('products').select('id').where('id', 'in', ids).execute();
    return rows.map((row) => row.id);
  }

  /** Each product's seller now, by product id: the sale's seller, fixed in its ledger entries. */
  async sellersOf(productIds: readonly string[]): Promise<Map<string, string>> {
    if (productIds.length === 0) return new Map();
    const rows = await this.db.selectFrom('products').select(['id', 'user_id']).where('id', 'in', productIds).execute();
    return new Map(rows.map((row) => [row.id, row.user_id]));
  }

  /** The buyer's name and address, for their receipt. */
  buyer(userId: string): Promise<{ name: string; email: string } | undefined> {
    return this.db.selectFrom('users').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
  }

  /** English titles (or the first one) of these products, by id. */
  async titlesOf(productIds: readonly string[]): Promise<Map<string, string>> {
    if (productIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('product_translations')
      .select(['product_id', 'language', 'title'])
      .where('product_id', 'in', productIds)
      .execute();
    const titles = new Map<string, string>();
    for (const row of rows) if (row.language === 'en' || !titles.has(row.product_id)) titles.set(row.product_id, row.title);
    return titles;
  }

  /**
   * The purchase, its lines, the payment marked succeeded, one more download per sold product and
   * what `alongside` writes (the receipt), all or nothing. A second purchase of the same payment
   * fails on the unique payment_id.
   */
  async insert({ purchase, lines }: NewPurchase, alongside?: (trx: Kysely<Database>) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('purchases').values(purchase).execute();
      await trx
        .insertInto('purchase_lines')
        .values(lines.map((line) => ({ ...line, purchase_id: purchase.id })))
        .execute();
      await trx
        .updateTable('payments')
        .set({ status: 'succeeded', updated_at: purchase.created_at })
        .where('id', '=', purchase.payment_id)
        .execute();
      await trx
        .updateTable('products')
        .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
        .where(
          'id',
          'in',
          lines.map((line) => line.product_id),
        )
        .execute();
      await alongside?.(trx);
    });
  }

  /** Newest first; every buyer's without `userId`. */
  list(userId?: string): Promise<PurchaseWithBuyerRow[]> {
    return this.db
      .selectFrom('purchases as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .selectAll('p')
      .select(['u.name as buyer_name', 'u.email as buyer_email'])
      .$if(userId !== undefined, (query) => query.where('p.user_id', '=', userId!))
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id')
      .execute();
  }

  /** Bought lines: of one buyer, of one purchase, or (no filter) of everybody. */
  lines({ userId, purchaseId }: { userId?: string; purchaseId?: string }): Promise<PurchaseLineRow[]> {
    return this.db
      .selectFrom('purchase_lines as l')
      .innerJoin('purchases as p', 'p.id', 'l.purchase_id')
      .innerJoin('products as pr', 'pr.id', 'l.product_id')
      .leftJoin('refunds as r', (join) => join.onRef('r.purchase_line_id', '=', 'l.id').on('r.status', '=', 'succeeded'))
      .leftJoin('refund_requests as q', 'q.purchase_line_id', 'l.id')
      .select([
        'l.purchase_id',
        'l.product_id',
        'l.license_type',
        'l.is_reskin',
        'l.price_cents',
        'l.reskin_price_cents',
        'l.download_enabled',
        'l.purchase_code',
        'l.status',
        'pr.category',
        'pr.thumbnail_key',
        'r.amount_cents as refund_cents',
        'r.reason as refund_reason',
        'r.created_at as refunded_at',
        'q.status as request_status',
        'q.reason as request_reason',
        'q.decline_reason as request_decline_reason',
        'q.created_at as requested_at',
      ])
      .select(englishTitleOf('pr.id').as('title'))
      .$if(purchaseId !== undefined, (query) => query.where('l.purchase_id', '=', purchaseId!))
      .$if(userId !== undefined, (query) => query.where('p.user_id', '=', userId!))
      .orderBy('l.purchase_id')
      .orderBy('l.id')
      .execute();
  }

  async setDownloadFlag(purchaseId: string, productId: string, enabled: boolean): Promise<void> {
    await this.db
      .updateTable('purchase_lines')
      .set({ download_enabled: enabled ? 1 : 0 })
      .where('purchase_id', '=', purchaseId)
      .where('product_id', '=', productId)
      .execute();
  }
}
