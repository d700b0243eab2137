import type { LicenseType } from '@market/contracts';
import type { Kysely } from 'kysely';
import type { InTransaction } from '../../db/index.js';
import type { Database, OrderLineKind, OrderStatus } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import { type LineAtSale, type OrderLineRow, type OrderRow, OrdersRepository, type PaidOrderWithBuyerRow } from './orders.repository.js';

/** A line as the checkout priced it. */
export interface NewOrderLine {
  kind: OrderLineKind;
  productId: string;
  licenseType: LicenseType;
  sellerId: string;
  listCents: number;
  /** What a discount code took off the line (licence lines only); none when absent. */
  discountCents?: number;
  /** The bundle a `bundle` line is bought in. */
  bundleId?: string;
  /** The licence an `upgrade` line upgrades (docs/decisions/0010). */
  licenceId?: string;
  /** The part of `discountCents` a platform code took off, which the platform funds; none when absent. */
  platformDiscountCents?: number;
  /** The custom work order and milestone a `custom_work` line funds (docs/decisions/0013). */
  customWork?: { id: string; milestone: number };
}

export interface OrderLine {
  id: string;
  kind: OrderLineKind;
  productId: string;
  licenseType: LicenseType;
  sellerId: string | null;
  releaseId: string | null;
  listCents: number;
  discountCents: number;
  /** The part of `discountCents` the platform funded: the seller earned it (docs/decisions/0009 "Platform codes"). */
  platformDiscountCents: number;
  taxCents: number;
  paidCents: number;
  /** Only on a `bundle` line: the bundle it was bought in. */
  bundleId?: string;
  /** The licence an `upgrade` line upgrades; null on every other line. */
  licenceId: string | null;
  /** Only on a `custom_work` line: the order and milestone it funds. */
  customWork?: { id: string; milestone: number };
}

export interface Order {
  id: string;
  buyerId: string;
  status: OrderStatus;
  provider: string;
  intentId: string;
  currency: string;
  /** What the provider charges: the licence lines' paid cents. */
  totalCents: number;
  createdAt: string;
  paidAt: string | null;
  lines: OrderLine[];
}

export interface SoldOrder {
  id: string;
  buyerId: string;
  buyerName: string;
  buyerEmail: string;
  totalCents: number;
  intentId: string;
  paidAt: string;
}

export interface SoldOrderInput {
  id: string;
  buyerId: string;
  provider: string;
  intentId: string;
  paidAt: string;
  lines: Array<NewOrderLine & { id: string }>;
}

export interface OpenOrder {
  id: string;
  buyerId: string;
  provider: string;
  intentId: string;
  currency: string;
  lines: NewOrderLine[];
  /** Where the buyer's visit came from (docs/decisions/0020); none for upgrades and custom work. */
  referrer?: string | null;
}

const lineOf = (row: OrderLineRow): OrderLine => ({
  id: row.id,
  kind: row.kind,
  productId: row.product_id,
  licenseType: row.license_type,
  sellerId: row.seller_id,
  releaseId: row.release_id,
  listCents: Number(row.list_cents),
  discountCents: Number(row.discount_cents),
  platformDiscountCents: Number(row.platform_discount_cents),
  taxCents: Number(row.tax_cents),
  paidCents: Number(row.paid_cents),
  ...(row.bundle_id === null ? {} : { bundleId: row.bundle_id }),
  licenceId: row.licence_id,
  ...(row.custom_work_id === null ? {} : { customWork: { id: row.custom_work_id, milestone: Number(row.milestone ?? 0) } }),
});

const soldOf = (row: OrderRow | PaidOrderWithBuyerRow): SoldOrder => ({
  id: row.id,
  buyerId: row.buyer_id,
  buyerName: 'buyer_name' in row ? row.buyer_name : '',
  buyerEmail: 'buyer_email' in row ? row.buyer_email : '',
  totalCents: Number(row.total_cents),
  intentId: row.provider_intent_id,
  paidAt: row.paid_at ?? row.created_at,
});

/** What the buyer pays for the line: its list price less its discount. */
const paidCentsOf = (line: Pick<NewOrderLine, 'listCents' | 'discountCents'>) => line.listCents - (line.discountCents ?? 0);

/** The charged total: a reskin is quoted with its licence, never charged by the cart (docs/product-spec.md §9). */
export const chargedCents = (lines: ReadonlyArray<Pick<NewOrderLine, 'kind' | 'listCents' | 'discountCents'>>) =>
  lines.filter((line) => line.kind !== 'reskin').reduce((total, line) => total + paidCentsOf(line), 0);

const lineRowOf = (orderId: string, line: NewOrderLine & { id?: string }): OrderLineRow => ({
  id: line.id ?? newId(),
  order_id: orderId,
  kind: line.kind,
  product_id: line.productId,
  release_id: null,
  license_type: line.licenseType,
  seller_id: line.sellerId,
  list_cents: line.listCents,
  discount_cents: line.discountCents ?? 0,
  platform_discount_cents: line.platformDiscountCents ?? 0,
  tax_cents: 0,
  paid_cents: paidCentsOf(line),
  bundle_id: line.bundleId ?? null,
  licence_id: line.licenceId ?? null,
  custom_work_id: line.customWork?.id ?? null,
  milestone: line.customWork?.milestone ?? null,
});

export interface OrdersServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  clock: Clock;
}

/** Orders (docs/decisions/0008): opened server-priced at checkout, paid once, refunded in part or whole. */
export class OrdersService {
  private readonly orders: OrdersRepository;
  private readonly inTransaction: InTransaction;
  private readonly clock: Clock;

  constructor({ db, inTransaction, clock }: OrdersServiceDependencies) {
    this.orders = new OrdersRepository(db);
    this.inTransaction = inTransaction;
    this.clock = clock;
  }

  /** A checkout's order, pending until its payment is recorded, inside the checkout's transaction; answers the charged total. */
  async openIn(trx: Kysely<Database>, order: OpenOrder): Promise<number> {
    const now = this.clock.now().toISOString();
    const total = chargedCents(order.lines);
    const row: OrderRow = {
      id: order.id,
      buyer_id: order.buyerId,
      status: 'pending',
      currency: order.currency,
      provider: order.provider,
      provider_intent_id: order.intentId,
      total_cents: total,
      created_at: now,
      paid_at: null,
      updated_at: now,
      referrer: order.referrer ?? null,
    };
    await new OrdersRepository(trx).insertRows(
      row,
      order.lines.map((line) => lineRowOf(order.id, line)),
    );
    return total;
  }

  /** Each line's payment intent at its provider, for reconciliation. */
  async intentsOfLines(lineIds: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.orders.intentsOfLines(lineIds);
    return new Map(rows.map((row) => [row.lineId, row.intentId]));
  }

  async byIntent(provider: string, intentId: string): Promise<Order | null> {
    const row = await this.orders.findByIntent(provider, intentId);
    return row ? this.withLines(row) : null;
  }

  async byId(id: string): Promise<Order | null> {
    const row = await this.orders.findById(id);
    return row ? this.withLines(row) : null;
  }

  private async withLines(row: OrderRow): Promise<Order> {
    return {
      id: row.id,
      buyerId: row.buyer_id,
      status: row.status,
      provider: row.provider,
      intentId: row.provider_intent_id,
      currency: row.currency,
      totalCents: Number(row.total_cents),
      createdAt: row.created_at,
      paidAt: row.paid_at,
      lines: (await this.orders.linesOf(row.id)).map(lineOf),
    };
  }

  /** Pending orders with a line of the product, opened after `sinceIso` (all when null). */
  pendingOf(productId: string, sinceIso: string | null) {
    return this.orders.pendingOf(productId, sinceIso);
  }

  /** Checkouts still waiting to be paid that upgrade the licence (docs/decisions/0010); inside the caller's transaction when given one. */
  /** The paid line that funded a custom work milestone and its payment; undefined before it is paid. */
  customWorkFunding(customWorkId: string, milestone: number, trx?: Kysely<Database>) {
    return (trx ? new OrdersRepository(trx) : this.orders).customWorkFunding(customWorkId, milestone);
  }

  /** Checkouts of a custom work order's milestones still waiting to be paid (docs/decisions/0013). */
  /** The custom work order and milestone each funding line paid (the reconciliation's question of a refund). */
  async customWorkOfLines(lineIds: readonly string[]): Promise<Array<{ lineId: string; customWorkId: string; milestone: number }>> {
    const rows = await this.orders.customWorkOfLines(lineIds);
    return rows.flatMap((row) =>
      row.customWorkId !== null && row.milestone !== null
        ? [{ lineId: row.lineId, customWorkId: row.customWorkId, milestone: Number(row.milestone) }]
        : [],
    );
  }

  pendingCustomWorkOf(customWorkId: string, trx?: Kysely<Database>) {
    return (trx ? new OrdersRepository(trx) : this.orders).pendingCustomWorkOf(customWorkId);
  }

  pendingUpgradesOf(licenceId: string, trx?: Kysely<Database>) {
    return (trx ? new OrdersRepository(trx) : this.orders).pendingUpgradesOf(licenceId);
  }

  /** pending → canceled inside the caller's transaction: the provider closed the checkout unpaid. */
  async cancelIn(trx: Kysely<Database>, id: string): Promise<void> {
    await new OrdersRepository(trx).cancel(id, this.clock.now().toISOString());
  }

  /** Checkouts opened between the two times and still waiting to be paid, newest first, with their lines. */
  async pendingBetween(afterIso: string, beforeIso: string, limit: number): Promise<Order[]> {
    const rows = await this.orders.pendingBetween(afterIso, beforeIso, limit);
    return Promise.all(rows.map((row) => this.withLines(row)));
  }

  /** Orders opened before `beforeIso` never paid, oldest first. */
  unpaidBefore(beforeIso: string, limit: number) {
    return this.orders.unpaidBefore(beforeIso, limit);
  }

  /** Deletes an unpaid order inside the caller's transaction. */
  async forgetIn(trx: Kysely<Database>, id: string): Promise<void> {
    await new OrdersRepository(trx).deleteUnpaid(id);
  }

  /**
   * Sales written at once, not through a checkout (the demo's history, the tests' factories): each
   * order paid at `paidAt`, its lines as given. The caller issues the licences and posts the sales.
   */
  async recordSoldIn(trx: Kysely<Database>, orders: readonly SoldOrderInput[]): Promise<void> {
    const repository = new OrdersRepository(trx);
    for (const order of orders) {
      await repository.insertRows(
        {
          id: order.id,
          buyer_id: order.buyerId,
          status: 'paid',
          currency: 'usd',
          provider: order.provider,
          provider_intent_id: order.intentId,
          total_cents: chargedCents(order.lines),
          created_at: order.paidAt,
          paid_at: order.paidAt,
          updated_at: order.paidAt,
          referrer: null,
        },
        order.lines.map((line) => lineRowOf(order.id, line)),
      );
    }
  }

  /** pending → paid inside the caller's transaction, exactly once: false when another request recorded it first. */
  markPaidIn(trx: Kysely<Database>, orderId: string, paidAt: string, lines: readonly LineAtSale[]): Promise<boolean> {
    return new OrdersRepository(trx).markPaid(orderId, paidAt, lines);
  }

  /**
   * Inside the transaction that marked the order paid: the sellers for whom it is their first ever
   * sale (no licence line of theirs in another sold order), for the first-sale hold (docs/decisions/0012).
   */
  firstSaleSellersIn(trx: Kysely<Database>, orderId: string): Promise<string[]> {
    return new OrdersRepository(trx).firstSaleSellersOf(orderId);
  }

  /** paid → partially_refunded | refunded inside the refund's transaction, from how many licence (or upgrade) lines are refunded. */
  settleRefundsIn(trx: Kysely<Database>, orderId: string, refundedLines: number): Promise<void> {
    return new OrdersRepository(trx).settleRefunds(orderId, refundedLines, this.clock.now().toISOString());
  }

  /** Sold orders, newest sale first: one buyer's, or everybody's. */
  async sold(buyerId?: string): Promise<SoldOrder[]> {
    return (await this.orders.sold(buyerId)).map(soldOf);
  }

  /** A sold order (paid, or refunded since). */
  async soldById(id: string): Promise<SoldOrder | null> {
    const row = await this.orders.findById(id);
    return row && row.paid_at !== null ? soldOf(row) : null;
  }

  everSold(productId: string): Promise<boolean> {
    return this.orders.everSold(productId);
  }
}
