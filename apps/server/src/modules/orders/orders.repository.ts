import { type Expression, type Kysely, type Selectable, type SqlBool, sql } from 'kysely';
import type { Database, OrderLineKind, OrderLinesTable, OrdersTable, OrderStatus } from '../../db/schema.js';
import { linesWithSaleEntries } from '../ledger/index.js';

export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;

export interface PaidOrderWithBuyerRow extends OrderRow {
  buyer_name: string;
  buyer_email: string;
}

/** What a product's lines (its licence and any reskin quoted with it) become at the sale: its seller then and the release it sold. */
export interface LineAtSale {
  productId: string;
  sellerId: string;
  releaseId: string | null;
}

/** Lines that sell a licence: bought alone, or in a bundle (docs/decisions/0011). */
export const LICENCE_LINE_KINDS: readonly OrderLineKind[] = ['licence', 'bundle'];
export const sellsLicence = (kind: OrderLineKind) => LICENCE_LINE_KINDS.includes(kind);

/** Orders that became purchases: paid, and paid then refunded in part or whole. */
export const SOLD_ORDER_STATUSES: readonly OrderStatus[] = ['paid', 'partially_refunded', 'refunded'];

/** Lines the buyer pays for and may have refunded: a licence alone or in a bundle, or the upgrade of one (docs/decisions/0010). */
const REFUNDABLE_KINDS: readonly OrderLineKind[] = ['licence', 'bundle', 'upgrade'];

/**
 * Licence lines of sold orders that were paid for (a price, or a reskin quoted with them) and have no
 * sale in the ledger, for the ledger's check (docs/decisions/0008): there must never be one.
 */
export async function paidLinesWithoutSaleEntries(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .leftJoin(linesWithSaleEntries(db).as('sold'), 'sold.order_line_id', 'l.id')
    .select('l.id')
    .where('o.status', 'in', SOLD_ORDER_STATUSES)
    .where('l.kind', 'in', REFUNDABLE_KINDS)
    .where('sold.order_line_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb('l.paid_cents', '>', 0),
        eb.exists(
          eb
            .selectFrom('order_lines as r')
            .select('r.id')
            .whereRef('r.order_id', '=', 'l.order_id')
            .whereRef('r.product_id', '=', 'l.product_id')
            .where('r.kind', '=', 'reskin')
            .where('r.list_cents', '>', 0),
        ),
      ]),
    )
    .orderBy('l.id')
    .execute();
  return rows.map((row) => row.id);
}

/** Orders and their lines; no rule lives here. */
export class OrdersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Each line's order's payment intent at its provider. */
  async intentsOfLines(lineIds: readonly string[]): Promise<Array<{ lineId: string; intentId: string }>> {
    if (!lineIds.length) return [];
    return this.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select(['order_lines.id as lineId', 'orders.provider_intent_id as intentId'])
      .where('order_lines.id', 'in', lineIds)
      .execute();
  }

  /** The order and its lines, inside the caller's transaction. */
  async insertRows(order: OrderRow, lines: OrderLineRow[]): Promise<void> {
    await this.db.insertInto('orders').values(order).execute();
    if (lines.length > 0) await this.db.insertInto('order_lines').values(lines).execute();
  }

  findById(id: string): Promise<OrderRow | undefined> {
    return this.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByIntent(provider: string, intentId: string): Promise<OrderRow | undefined> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('provider_intent_id', '=', intentId)
      .where('provider', '=', provider)
      .executeTakeFirst();
  }

  linesOf(orderId: string): Promise<OrderLineRow[]> {
    return this.db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
  }

  /** Pending orders with a line of the product, opened after `sinceIso` (all when null). */
  pendingOf(productId: string, sinceIso: string | null): Promise<Pick<OrderRow, 'id' | 'provider_intent_id'>[]> {
    return this.db
      .selectFrom('orders as o')
      .select(['o.id', 'o.provider_intent_id'])
      .where('o.status', '=', 'pending')
      .$if(sinceIso !== null, (query) => query.where('o.created_at', '>', sinceIso!))
      .where((eb) =>
        eb.exists(
          eb.selectFrom('order_lines as l').select('l.id').whereRef('l.order_id', '=', 'o.id').where('l.product_id', '=', productId),
        ),
      )
      .execute();
  }

  /** The paid line that funded a custom work milestone, with its order's payment (docs/decisions/0013). */
  customWorkFunding(customWorkId: string, milestone: number) {
    return this.db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.id as lineId', 'o.id as orderId', 'o.provider_intent_id as intentId', 'o.provider'])
      .where('l.custom_work_id', '=', customWorkId)
      .where('l.milestone', '=', milestone)
      .where('l.kind', '=', 'custom_work')
      .where('o.status', 'in', SOLD_ORDER_STATUSES)
      .executeTakeFirst();
  }

  /** The custom work order and milestone each of these lines funded; lines funding none are left out. */
  customWorkOfLines(lineIds: readonly string[]) {
    if (lineIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('order_lines')
      .select(['id as lineId', 'custom_work_id as customWorkId', 'milestone'])
      .where('id', 'in', [...new Set(lineIds)])
      .where('kind', '=', 'custom_work')
      .execute();
  }

  /** Orders still waiting to be paid with a line funding the custom work order. */
  pendingCustomWorkOf(customWorkId: string): Promise<Pick<OrderRow, 'id' | 'provider_intent_id'>[]> {
    return this.db
      .selectFrom('orders as o')
      .innerJoin('order_lines as l', 'l.order_id', 'o.id')
      .select(['o.id', 'o.provider_intent_id'])
      .where('l.custom_work_id', '=', customWorkId)
      .where('l.kind', '=', 'custom_work')
      .where('o.status', '=', 'pending')
      .execute();
  }

  /** Orders still waiting to be paid with a line upgrading the licence. */
  pendingUpgradesOf(licenceId: string): Promise<Pick<OrderRow, 'id' | 'provider_intent_id'>[]> {
    return this.db
      .selectFrom('orders as o')
      .innerJoin('order_lines as l', 'l.order_id', 'o.id')
      .select(['o.id', 'o.provider_intent_id'])
      .where('l.licence_id', '=', licenceId)
      .where('l.kind', '=', 'upgrade')
      .where('o.status', '=', 'pending')
      .execute();
  }

  /** Checkouts opened between the two times and still waiting to be paid, newest first. */
  pendingBetween(afterIso: string, beforeIso: string, limit: number): Promise<OrderRow[]> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', 'pending')
      .where('created_at', '>', afterIso)
      .where('created_at', '<', beforeIso)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  }

  /** Orders opened before `beforeIso` that were never paid, oldest first. */
  unpaidBefore(beforeIso: string, limit: number): Promise<Pick<OrderRow, 'id' | 'provider_intent_id' | 'status'>[]> {
    return this.db
      .selectFrom('orders')
      .select(['id', 'provider_intent_id', 'status'])
      .where('created_at', '<', beforeIso)
      .where('status', 'in', ['pending', 'canceled'])
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /** Deletes an order never paid (its lines go with it); a paid one stays. */
  async deleteUnpaid(id: string): Promise<void> {
    await this.db.deleteFrom('orders').where('id', '=', id).where('status', 'in', ['pending', 'canceled']).execute();
  }

  async cancel(id: string, at: string): Promise<void> {
    await this.db
      .updateTable('orders')
      .set({ status: 'canceled', updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /**
   * pending → paid, once: answers false when another request (the browser, the webhook, a retry) has
   * recorded it first. The lines take their seller and release at this moment.
   */
  async markPaid(orderId: string, paidAt: string, lines: readonly LineAtSale[]): Promise<boolean> {
    const result = await this.db
      .updateTable('orders')
      .set({ status: 'paid', paid_at: paidAt, updated_at: paidAt })
      .where('id', '=', orderId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    for (const line of lines) {
      await this.db
        .updateTable('order_lines')
        .set({ seller_id: line.sellerId, release_id: line.releaseId })
        .where('order_id', '=', orderId)
        .where('product_id', '=', line.productId)
        .execute();
    }
    return true;
  }

  /** The sellers of the order's licence lines who sold no licence line in any other sold order. */
  async firstSaleSellersOf(orderId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('order_lines as l')
      .select('l.seller_id')
      .distinct()
      .where('l.order_id', '=', orderId)
      .where('l.kind', 'in', LICENCE_LINE_KINDS)
      .where('l.seller_id', 'is not', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('order_lines as earlier')
              .innerJoin('orders as o', 'o.id', 'earlier.order_id')
              .select('earlier.id')
              .whereRef('earlier.seller_id', '=', 'l.seller_id')
              .whereRef('earlier.order_id', '!=', 'l.order_id')
              .where('earlier.kind', 'in', LICENCE_LINE_KINDS)
              .where('o.status', 'in', SOLD_ORDER_STATUSES),
          ),
        ),
      )
      .orderBy('l.seller_id')
      .execute();
    return rows.map((row) => row.seller_id!);
  }

  /** After a refund: `refunded` once every licence (or upgrade) line is, else `partially_refunded`. */
  async settleRefunds(orderId: string, refundedLines: number, at: string): Promise<void> {
    const { lines } = await this.db
      .selectFrom('order_lines')
      .select((eb) => eb.fn.countAll<string | number>().as('lines'))
      .where('order_id', '=', orderId)
      .where('kind', 'in', REFUNDABLE_KINDS)
      .executeTakeFirstOrThrow();
    const status: OrderStatus = refundedLines >= Number(lines) ? 'refunded' : refundedLines > 0 ? 'partially_refunded' : 'paid';
    await this.db
      .updateTable('orders')
      .set({ status, updated_at: at })
      .where('id', '=', orderId)
      .where('status', 'in', SOLD_ORDER_STATUSES)
      .execute();
  }

  /** Sold orders, newest sale first; every buyer's without `buyerId`. */
  sold(buyerId?: string): Promise<PaidOrderWithBuyerRow[]> {
    return (
      this.db
        .selectFrom('orders as o')
        .innerJoin('users as u', 'u.id', 'o.buyer_id')
        .selectAll('o')
        .select(['u.name as buyer_name', 'u.email as buyer_email'])
        .where('o.status', 'in', SOLD_ORDER_STATUSES)
        // Custom work's funding is no purchase of a licence: its order shows on the work's own page (docs/decisions/0013).
        .where((eb) =>
          eb.not(
            eb.exists(
              eb.selectFrom('order_lines as cw').select('cw.id').whereRef('cw.order_id', '=', 'o.id').where('cw.kind', '=', 'custom_work'),
            ),
          ),
        )
        .$if(buyerId !== undefined, (query) => query.where('o.buyer_id', '=', buyerId!))
        .orderBy('o.paid_at', 'desc')
        .orderBy('o.id')
        .execute()
    );
  }

  /** Whether the product was ever sold (a sold product is retired, never deleted). */
  async everSold(productId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select('l.id')
      .where('l.product_id', '=', productId)
      .where('o.status', 'in', SOLD_ORDER_STATUSES)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}

/**
 * Sold lines of every kind (`l`) with their order (`o`): licences, upgrades and custom work's
 * milestones, for a read that names what each ledger entry was for (a seller's statement).
 */
export const soldLines = (db: Kysely<Database>) =>
  db.selectFrom('order_lines as l').innerJoin('orders as o', 'o.id', 'l.order_id').where('o.status', 'in', SOLD_ORDER_STATUSES);

/**
 * Sold licence lines (`l`) with their order (`o`), for another module's read that needs a join
 * (bestsellers, the admins' lists): the door's query, never the tables' names.
 */
export const soldLicenceLines = (db: Kysely<Database>) =>
  db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .where('l.kind', 'in', LICENCE_LINE_KINDS)
    .where('o.status', 'in', SOLD_ORDER_STATUSES);

/**
 * Sold licence lines and upgrade lines (`l`) with their order (`o`), for the reads of what a buyer paid
 * for and may have refunded (docs/decisions/0010): the door's query, never the tables' names.
 */
export const soldRefundableLines = (db: Kysely<Database>) =>
  db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .where('l.kind', 'in', REFUNDABLE_KINDS)
    .where('o.status', 'in', SOLD_ORDER_STATUSES);

/**
 * The products bought by the buyers of `productId` (in the same order or another), each with how
 * many of them bought it, as a table `co_bought` (product_id, buyers) to join: both licences sold
 * since `sinceIso` and neither line `refunded` (the refunds module's test of a line), the product
 * itself left out.
 */
export const coPurchasesOf = (
  db: Kysely<Database>,
  productId: string,
  sinceIso: string,
  refunded: (lineRef: string) => Expression<SqlBool>,
) =>
  soldLicenceLines(db)
    .innerJoin('orders as o2', 'o2.buyer_id', 'o.buyer_id')
    .innerJoin('order_lines as l2', 'l2.order_id', 'o2.id')
    .where('l.product_id', '=', productId)
    .where('o.paid_at', '>=', sinceIso)
    .where((eb) => eb.not(refunded('l.id')))
    .where('o2.status', 'in', SOLD_ORDER_STATUSES)
    .where('o2.paid_at', '>=', sinceIso)
    .where('l2.kind', 'in', LICENCE_LINE_KINDS)
    .where('l2.product_id', '<>', productId)
    .where((eb) => eb.not(refunded('l2.id')))
    .select(['l2.product_id', (eb) => eb.fn.count<number>('o2.buyer_id').distinct().as('buyers')])
    .groupBy('l2.product_id')
    .as('co_bought');

/** The reskin quoted with the licence line `alias` (its order's reskin line of the same product), or null. */
export const reskinQuotedWith = (alias: string) =>
  sql<number | null>`(select r.list_cents from order_lines r
    where r.order_id = ${sql.ref(`${alias}.order_id`)} and r.product_id = ${sql.ref(`${alias}.product_id`)} and r.kind = 'reskin')`;

const soldStatusList = sql.join(SOLD_ORDER_STATUSES.map((status) => sql.lit(status)));
const licenceKindList = sql.join(LICENCE_LINE_KINDS.map((kind) => sql.lit(kind)));

/** Sold orders (`o`), for another module's read: the door's query, never the table's name. */
export const soldOrders = (db: Kysely<Database>) => db.selectFrom('orders as o').where('o.status', 'in', SOLD_ORDER_STATUSES);

/** Licence lines sold by the seller `sellerRef` (the seller fixed at each sale), as a column of another module's query. */
export const unitsSoldBy = (sellerRef: string) =>
  sql<number>`(select count(*) from order_lines sl inner join orders so on so.id = sl.order_id
    where sl.kind in (${licenceKindList}) and sl.seller_id = ${sql.ref(sellerRef)} and so.status in (${soldStatusList}))`;

/** What the buyer `buyerRef` bought, as a column of another module's query: sold orders, cents paid, or the newest sale. */
export const boughtBy = (buyerRef: string, figure: 'orders' | 'cents' | 'last') => {
  const what = { orders: sql`count(*)`, cents: sql`coalesce(sum(bo.total_cents), 0)`, last: sql`max(bo.paid_at)` }[figure];
  return sql<
    number | string | null
  >`(select ${what} from orders bo where bo.buyer_id = ${sql.ref(buyerRef)} and bo.status in (${soldStatusList}))`;
};
