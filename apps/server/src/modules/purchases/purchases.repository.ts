import type { LicenceStatus, LicenseType, RefundRequestStatus } from '@market/contracts';
import type { Kysely } from 'kysely';
import { englishTitleOf } from '../../db/product-title.js';
import type { Database, OrderLineKind } from '../../db/schema.js';
import { soldLicencesAndUpgrades } from '../licences/index.js';
import { reskinQuotedWith } from '../orders/index.js';
import { bundleNameOf, bundleNamesOf } from '../bundles/index.js';

/** A bought line with what the purchases page and the download need of its product. */
export interface PurchaseLineRow {
  purchase_id: string;
  /** `licence`, or `upgrade` for the Single → Multi upgrade of a licence bought before (docs/decisions/0010). */
  kind: OrderLineKind;
  product_id: string;
  license_type: LicenseType;
  price_cents: number;
  /** The reskin quoted with the licence (its order's reskin line), or null when none was asked for. */
  reskin_price_cents: number | null;
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
  /** The bundle the line was bought in (docs/decisions/0011), or null. */
  bundle_id: string | null;
  bundle_name: string | null;
}

export class PurchasesRepository {
  constructor(private readonly db: Kysely<Database>) {}

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

  /** The names of the bundles, by id, for a receipt. */
  bundleNames(ids: readonly string[]): Promise<Map<string, string>> {
    return bundleNamesOf(this.db, [...new Set(ids)]);
  }

  /** The buyer's first download of the release; later ones change nothing (docs/decisions/0020). */
  async recordDownload(releaseId: string, buyerId: string, at: string): Promise<void> {
    await this.db
      .insertInto('release_downloads')
      .values({ release_id: releaseId, buyer_id: buyerId, first_at: at })
      .onConflict((conflict) => conflict.columns(['release_id', 'buyer_id']).doNothing())
      .execute();
  }

  /** How many distinct buyers downloaded each of the releases. */
  async downloadersOf(releaseIds: readonly string[]): Promise<Map<string, number>> {
    if (releaseIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('release_downloads')
      .select(['release_id', (eb) => eb.fn.countAll<number>().as('buyers')])
      .where('release_id', 'in', [...new Set(releaseIds)])
      .groupBy('release_id')
      .execute();
    return new Map(rows.map((row) => [row.release_id, Number(row.buyers)]));
  }

  /** One more download of each sold product, inside the sale's transaction. */
  async countDownloads(productIds: readonly string[]): Promise<void> {
    if (productIds.length === 0) return;
    await this.db
      .updateTable('products')
      .set((eb) => ({ downloads: eb('downloads', '+', 1) }))
      .where('id', 'in', productIds)
      .execute();
  }

  /** Bought lines: of one buyer, of one purchase, or (no filter) of everybody. */
  lines({ userId, purchaseId }: { userId?: string; purchaseId?: string }): Promise<PurchaseLineRow[]> {
    return soldLicencesAndUpgrades(this.db)
      .innerJoin('products as pr', 'pr.id', 'l.product_id')
      .leftJoin('refunds as r', (join) => join.onRef('r.purchase_line_id', '=', 'l.id').on('r.status', '=', 'succeeded'))
      .leftJoin('refund_requests as q', 'q.purchase_line_id', 'l.id')
      .select([
        'o.id as purchase_id',
        'l.kind',
        'l.product_id',
        'l.license_type',
        'l.paid_cents as price_cents',
        'c.download_enabled',
        'c.purchase_code',
        'c.status',
        'pr.category',
        'pr.thumbnail_key',
        'r.amount_cents as refund_cents',
        'r.reason as refund_reason',
        'r.created_at as refunded_at',
        'q.status as request_status',
        'q.reason as request_reason',
        'q.decline_reason as request_decline_reason',
        'q.created_at as requested_at',
        'l.bundle_id',
      ])
      .select(bundleNameOf('l.bundle_id').as('bundle_name'))
      .select(englishTitleOf('pr.id').as('title'))
      .select(reskinQuotedWith('l').as('reskin_price_cents'))
      .$if(purchaseId !== undefined, (query) => query.where('o.id', '=', purchaseId!))
      .$if(userId !== undefined, (query) => query.where('o.buyer_id', '=', userId!))
      .orderBy('o.id')
      .orderBy('l.id')
      .execute();
  }
}
