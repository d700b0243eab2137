import type { LicenceStatus, LicenseType, RefundRequestStatus } from '@market/contracts';
import { type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import { englishTitleOf } from '../../db/product-title.js';
import type { Database, OrderLineKind, RefundRequestsTable, RefundsTable } from '../../db/schema.js';
import { soldLicencesAndUpgrades } from '../licences/index.js';
import { bundleNameOf } from '../bundles/index.js';
import { unitsSoldBy } from '../orders/index.js';

export type RefundRow = Selectable<RefundsTable>;

/**
 * Whether the order line `lineRef` was refunded, as a column of another module's query: a claimed
 * refund counts at once, as it does against the seller.
 */
export const lineRefunded = (lineRef: string) =>
  sql<SqlBool>`exists (select 1 from refunds rf where rf.purchase_line_id = ${sql.ref(lineRef)})`;
export type RefundRequestRow = Selectable<RefundRequestsTable>;

/** A bought line as a refund needs it: its money, its people and its payment. */
export interface RefundableLineRow {
  line_id: string;
  /** `licence`, or `upgrade`: a refund revokes a licence, and makes an upgraded one Single again (docs/decisions/0010). */
  kind: OrderLineKind;
  /** The licence the line is, or upgrades. */
  licence_id: string;
  purchase_id: string;
  product_id: string;
  license_type: LicenseType;
  price_cents: number;
  /** What a platform code took off the line: the seller earned it from the platform and gives it back to the platform. */
  platform_discount_cents: number;
  purchase_code: string;
  status: LicenceStatus;
  seller_id: string;
  buyer_id: string;
  buyer_name: string;
  buyer_email: string;
  intent_id: string;
  /** The payment's provider, which holds the money a refund gives back. */
  provider: string;
  purchased_at: string;
  title: string | null;
  refund_status: RefundRow['status'] | null;
  /** The bundle the line was bought in (docs/decisions/0011): refunded whole, never one line of it. */
  bundle_id: string | null;
  bundle_name: string | null;
}

export interface RefundRequestListRow extends RefundRequestRow {
  purchase_id: string;
  product_id: string;
  license_type: LicenseType;
  price_cents: number;
  purchased_at: string;
  buyer_name: string;
  buyer_email: string;
  title: string | null;
}

export type Claim = { claimed: true; refund: RefundRow } | { claimed: false; refund: RefundRow };

/** What a finished refund changes beside its own row, in one transaction. */
export interface RefundOutcome {
  lineId: string;
  revokedReason: string;
  at: string;
  answeredBy: string | null;
}

export class RefundsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private refundableLines() {
    return soldLicencesAndUpgrades(this.db)
      .innerJoin('products as pr', 'pr.id', 'l.product_id')
      .innerJoin('users as u', 'u.id', 'o.buyer_id')
      .leftJoin('refunds as r', 'r.purchase_line_id', 'l.id')
      .select((eb) => [
        'o.provider',
        'l.id as line_id',
        'l.kind',
        'c.id as licence_id',
        'o.id as purchase_id',
        'l.product_id',
        'l.license_type',
        'l.paid_cents as price_cents',
        'l.platform_discount_cents',
        'c.purchase_code',
        'c.status',
        // The seller of the sale, whose ledger account it credited.
        eb.fn.coalesce('l.seller_id', 'pr.user_id').as('seller_id'),
        'o.buyer_id',
        'u.name as buyer_name',
        'u.email as buyer_email',
        'o.provider_intent_id as intent_id',
        eb.fn.coalesce('o.paid_at', 'o.created_at').as('purchased_at'),
        'r.status as refund_status',
        'l.bundle_id',
      ])
      .select(englishTitleOf('pr.id').as('title'))
      .select(bundleNameOf('l.bundle_id').as('bundle_name'))
      .orderBy('l.id');
  }

  /** The purchase's lines, or its one line of `productId`. */
  linesOf(purchaseId: string, productId?: string): Promise<RefundableLineRow[]> {
    return this.refundableLines()
      .where('o.id', '=', purchaseId)
      .$if(productId !== undefined, (query) => query.where('l.product_id', '=', productId!))
      .execute();
  }

  /** The purchase's lines bought in the bundle. */
  bundleLinesOf(purchaseId: string, bundleId: string): Promise<RefundableLineRow[]> {
    return this.refundableLines().where('o.id', '=', purchaseId).where('l.bundle_id', '=', bundleId).execute();
  }

  /** The lines bought with the provider's payment intent `intentId`. */
  linesOfIntent(intentId: string): Promise<RefundableLineRow[]> {
    return this.refundableLines().where('o.provider_intent_id', '=', intentId).execute();
  }

  /** How many lines of the order are refunded and done, for the order's status. */
  async succeededLinesOf(purchaseId: string): Promise<number> {
    const row = await this.db
      .selectFrom('refunds')
      .select((eb) => eb.fn.countAll<string | number>().as('lines'))
      .where('purchase_id', '=', purchaseId)
      .where('status', '=', 'succeeded')
      .executeTakeFirstOrThrow();
    return Number(row.lines);
  }

  /** Cents given back (or being given back) of one purchase. */
  async refundedCentsOf(purchaseId: string): Promise<number> {
    const row = await this.db
      .selectFrom('refunds')
      .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('cents'))
      .where('purchase_id', '=', purchaseId)
      .executeTakeFirstOrThrow();
    return Number(row.cents);
  }

  /** Cents refunded (or being refunded) of each line of one purchase, by line. */
  async refundedCentsByLine(purchaseId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('refunds')
      .select(['purchase_line_id'])
      .select(sql<number>`coalesce(sum(amount_cents), 0)`.as('cents'))
      .where('purchase_id', '=', purchaseId)
      .groupBy('purchase_line_id')
      .execute();
    return new Map(rows.map((row) => [row.purchase_line_id, Number(row.cents)]));
  }

  /** A new claim (a pending row), inside the caller's unit of work; throws a unique violation when the line has one. */
  async insert(row: RefundRow): Promise<void> {
    await this.db.insertInto('refunds').values(row).execute();
  }

  /**
   * The line's claim held by another attempt: taken over for this one (claimed: true) when that
   * attempt went quiet before `staleBefore` (its process died between the claim and the provider's
   * answer), else answered as it stands, pending or finished.
   */
  async takeOverStale(row: RefundRow, staleBefore: string): Promise<Claim> {
    const takenOver = await this.db
      .updateTable('refunds')
      .set({ claimed_at: row.claimed_at, reason: row.reason, refunded_by: row.refunded_by })
      .where('purchase_line_id', '=', row.purchase_line_id)
      .where('status', '=', 'pending')
      .where('claimed_at', '<', staleBefore)
      .executeTakeFirst();
    const existing = await this.db
      .selectFrom('refunds')
      .selectAll()
      .where('purchase_line_id', '=', row.purchase_line_id)
      .executeTakeFirstOrThrow();
    return { claimed: Number(takenOver.numUpdatedRows) === 1, refund: existing };
  }

  /** Claims taken before `claimedBefore` and never finished, oldest first. */
  claimsBefore(claimedBefore: string, limit: number): Promise<RefundRow[]> {
    return this.db
      .selectFrom('refunds')
      .selectAll()
      .where('status', '=', 'pending')
      .where('claimed_at', '<', claimedBefore)
      .orderBy('claimed_at')
      .limit(limit)
      .execute();
  }

  /**
   * Takes a quiet claim over for the reconciliation: the claim as it now stands, or null when a click
   * took it over or an attempt finished it since it was read (its claimed_at or status moved on).
   */
  async takeOver(claim: Pick<RefundRow, 'id' | 'claimed_at'>, claimedAt: string): Promise<RefundRow | null> {
    const result = await this.db
      .updateTable('refunds')
      .set({ claimed_at: claimedAt })
      .where('id', '=', claim.id)
      .where('status', '=', 'pending')
      .where('claimed_at', '=', claim.claimed_at)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    return (await this.db.selectFrom('refunds').selectAll().where('id', '=', claim.id).executeTakeFirst()) ?? null;
  }

  /** The provider's id of each refund it has made; refunds it has not (yet) are left out. */
  async providerIdsOf(refundIds: readonly string[]): Promise<Array<{ id: string; providerRefundId: string | null }>> {
    if (!refundIds.length) return [];
    return this.db.selectFrom('refunds').select(['id', 'provider_refund_id as providerRefundId']).where('id', 'in', refundIds).execute();
  }

  async exists(refundId: string): Promise<boolean> {
    return (await this.db.selectFrom('refunds').select('id').where('id', '=', refundId).executeTakeFirst()) !== undefined;
  }

  /**
   * Lets go of a claim whose provider call failed, so the refund may be tried again; not when another
   * attempt has taken it over since (its claimed_at moved on), whose refund may be on its way. Inside
   * the caller's unit of work, which reverses the claim's entries only if this let go of it (true).
   */
  async release(claim: Pick<RefundRow, 'id' | 'claimed_at'>): Promise<boolean> {
    const released = await this.db
      .deleteFrom('refunds')
      .where('id', '=', claim.id)
      .where('status', '=', 'pending')
      .where('claimed_at', '=', claim.claimed_at)
      .executeTakeFirst();
    return Number(released.numDeletedRows) === 1;
  }

  /**
   * The refund done: its row succeeded and an open request answered, inside the caller's unit of
   * work. False, with nothing written, when another attempt at the same refund completed it first.
   */
  async complete(refundId: string, providerRefundId: string | null, outcome: RefundOutcome): Promise<boolean> {
    const result = await this.db
      .updateTable('refunds')
      .set({ status: 'succeeded', provider_refund_id: providerRefundId })
      .where('id', '=', refundId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await this.closeLine(outcome);
    return true;
  }

  /**
   * A refund the provider made on its own (its dashboard), recorded as done at once inside the
   * caller's unit of work; throws a unique violation when the line had a refund already.
   */
  async recordDone(row: RefundRow, outcome: RefundOutcome): Promise<true> {
    await this.db.insertInto('refunds').values(row).execute();
    await this.closeLine(outcome);
    return true;
  }

  /** The line's open request answered; its licence and order are the licences' and orders' (the service's unit of work). */
  private async closeLine({ lineId, at, answeredBy }: RefundOutcome): Promise<void> {
    await this.db
      .updateTable('refund_requests')
      .set({ status: 'Refunded', answered_at: at, answered_by: answeredBy })
      .where('purchase_line_id', '=', lineId)
      .where('status', '=', 'Pending')
      .execute();
  }

  /** Stores the request inside the caller's unit of work; throws a unique violation when the line has one already. */
  async insertRequest(row: RefundRequestRow): Promise<void> {
    await this.db.insertInto('refund_requests').values(row).execute();
  }

  private requests() {
    return soldLicencesAndUpgrades(this.db)
      .innerJoin('refund_requests as q', 'q.purchase_line_id', 'l.id')
      .innerJoin('users as u', 'u.id', 'q.buyer_id')
      .selectAll('q')
      .select((eb) => [
        'o.id as purchase_id',
        'l.product_id',
        'l.license_type',
        'l.paid_cents as price_cents',
        eb.fn.coalesce('o.paid_at', 'o.created_at').as('purchased_at'),
        'u.name as buyer_name',
        'u.email as buyer_email',
      ])
      .select(englishTitleOf('l.product_id').as('title'));
  }

  /** Newest first, of one status or all. */
  listRequests(status?: RefundRequestStatus): Promise<RefundRequestListRow[]> {
    return this.requests()
      .$if(status !== undefined, (query) => query.where('q.status', '=', status!))
      .orderBy('q.created_at', 'desc')
      .orderBy('q.id')
      .execute();
  }

  findRequest(id: string): Promise<RefundRequestListRow | undefined> {
    return this.requests().where('q.id', '=', id).executeTakeFirst();
  }

  /**
   * Pending → Declined once, inside the caller's unit of work; false when it had been answered or its
   * line has a refund (claimed or done).
   */
  async decline(id: string, answer: { reason: string; by: string; at: string }): Promise<boolean> {
    const result = await this.db
      .updateTable('refund_requests')
      .set({ status: 'Declined', decline_reason: answer.reason, answered_by: answer.by, answered_at: answer.at })
      .where('id', '=', id)
      .where('status', '=', 'Pending')
      // A refund of the line under way answers the request itself, as Refunded.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(selectFrom('refunds').select('refunds.id').whereRef('refunds.purchase_line_id', '=', 'refund_requests.purchase_line_id')),
        ),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The seller's sold licence lines and, of them, the refunded ones: the refund-rate rule's figures. */
  async refundShareOf(sellerId: string): Promise<{ soldLines: number; refundedLines: number }> {
    const row = await this.db
      .selectFrom('users as u')
      .select([
        unitsSoldBy('u.id').as('sold_lines'),
        (eb) =>
          eb
            .selectFrom('refunds as r')
            .select((inner) => inner.fn.countAll<string | number>().as('n'))
            .whereRef('r.seller_id', '=', 'u.id')
            .where('r.status', '=', 'succeeded')
            .as('refunded_lines'),
      ])
      .where('u.id', '=', sellerId)
      .executeTakeFirst();
    return { soldLines: Number(row?.sold_lines ?? 0), refundedLines: Number(row?.refunded_lines ?? 0) };
  }

  async adminIds(): Promise<string[]> {
    return (await this.db.selectFrom('users').select('id').where('role', '=', 'Admin').execute()).map((row) => row.id);
  }
}
