import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { type InTransaction, isUniqueViolation } from '../../db/index.js';
import type { AfterCommit } from '../../db/unit-of-work.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { newId } from '../../platform/ids.js';
import type { MailOutbox } from '../../platform/mail/index.js';
import type { PaymentProvider, ProviderDispute } from '../../platform/payments/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { LicencesService } from '../licences/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { Order, OrderLine, OrdersService } from '../orders/index.js';
import { disputeMail, disputeNotices, type DisputeOutcome, type DisputeSummary } from './dispute-notices.js';
import { type DisputeLineRow, type DisputeRow, DisputesRepository } from './disputes.repository.js';

/** The reason a licence lost to a chargeback shows (docs/decisions/0012, "Disputes"). */
export const DISPUTE_LOST_REVOKED_REASON = 'Revoked: the payment was disputed and the bank ruled for the cardholder';

/** Stripe's closed statuses: a warning (an inquiry) closed takes nothing, as a dispute won. */
function outcomeOf(status: string): 'open' | 'won' | 'lost' {
  if (status === 'lost') return 'lost';
  if (status === 'won' || status === 'warning_closed') return 'won';
  return 'open';
}

/**
 * How a disputed amount falls on an order's lines: line by line in order, each up to what it paid less
 * what was refunded of it. Reskin lines are never charged (docs/product-spec.md §9) and take none.
 */
export function spreadDispute(
  lines: readonly OrderLine[],
  amountCents: number,
  refundedCents: ReadonlyMap<string, number>,
): { lines: Array<{ line: OrderLine; cents: number }>; unplaced: number } {
  let rest = amountCents;
  const spread: Array<{ line: OrderLine; cents: number }> = [];
  for (const line of lines) {
    if (rest <= 0) break;
    if (line.kind === 'reskin' || line.sellerId === null) continue;
    const room = Math.max(0, line.paidCents - (refundedCents.get(line.id) ?? 0));
    const cents = Math.min(room, rest);
    if (cents > 0) spread.push({ line, cents });
    rest -= cents;
  }
  return { lines: spread, unplaced: rest };
}

/** What a dispute tells payouts, in its transaction (docs/decisions/0012 "Holds"): the chargeback rule. */
export interface DisputeHolds {
  disputeOpenedIn(trx: Kysely<Database>, afterCommit: AfterCommit, dispute: { sellerId: string; amountCents: number }): Promise<boolean>;
  disputeWonIn(
    trx: Kysely<Database>,
    afterCommit: AfterCommit,
    sellerId: string,
    stillDisputed: (since: string) => Promise<boolean>,
  ): Promise<boolean>;
}

export interface DisputesServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  provider: PaymentProvider;
  orders: Pick<OrdersService, 'byIntent'>;
  ledger: LedgerService;
  licences: Pick<LicencesService, 'revokeDisputedIn' | 'undoUpgradeIn'>;
  notifications: Pick<NotificationsService, 'queue'>;
  mail: Pick<MailOutbox, 'queue'>;
  /** Told of each seller's part of a dispute opened, and of a dispute won: the chargeback rule holds and releases their payouts. */
  holds: DisputeHolds;
  /** Cents refunded (or being refunded) of each line of the order: the refunds module's to answer, read inside `trx`. */
  refundedCentsByLine: (trx: Kysely<Database>, orderId: string) => Promise<Map<string, number>>;
  clock: Clock;
  log: Pick<Logger, 'error' | 'info' | 'warn'>;
  publicUrl: string;
}

/**
 * Chargebacks (docs/decisions/0012, "Disputes"). The webhook names a dispute; the provider is asked for
 * it (docs/decisions/0008, "The provider's word, checked") and its row, its lines' ledger entries, the
 * licences and the notices follow what the provider says, in one transaction. A replay, or `closed`
 * delivered before `created`, finds the row as it stands and writes only what is missing.
 */
export class DisputesService {
  private readonly db: Kysely<Database>;
  private readonly inTransaction: InTransaction;
  private readonly provider: PaymentProvider;
  private readonly orders: Pick<OrdersService, 'byIntent'>;
  private readonly ledger: LedgerService;
  private readonly licences: Pick<LicencesService, 'revokeDisputedIn' | 'undoUpgradeIn'>;
  private readonly notifications: Pick<NotificationsService, 'queue'>;
  private readonly mail: Pick<MailOutbox, 'queue'>;
  private readonly holds: DisputeHolds;
  private readonly refundedCentsByLine: DisputesServiceDependencies['refundedCentsByLine'];
  private readonly clock: Clock;
  private readonly log: Pick<Logger, 'error' | 'info' | 'warn'>;
  private readonly publicUrl: string;

  constructor(deps: DisputesServiceDependencies) {
    this.db = deps.db;
    this.inTransaction = deps.inTransaction;
    this.provider = deps.provider;
    this.orders = deps.orders;
    this.ledger = deps.ledger;
    this.licences = deps.licences;
    this.notifications = deps.notifications;
    this.mail = deps.mail;
    this.holds = deps.holds;
    this.refundedCentsByLine = deps.refundedCentsByLine;
    this.clock = deps.clock;
    this.log = deps.log;
    this.publicUrl = deps.publicUrl;
  }

  /** The provider's ids of our disputes, by our id: how reconciliation names a dispute's ledger entries. */
  async providerIdsOf(disputeIds: readonly string[]): Promise<Map<string, string>> {
    return new DisputesRepository(this.db).providerIdsOf(disputeIds);
  }

  /** Our ids of the provider's disputes, by the provider's id: reconciliation reads a dispute's whole history by them. */
  async idsOfProviderDisputes(provider: string, providerDisputeIds: readonly string[]): Promise<Map<string, string>> {
    return new DisputesRepository(this.db).idsOfProviderDisputes(provider, providerDisputeIds);
  }

  /** The order's lines under a dispute open or lost, which a refund must not pay back a second time. */
  disputedLinesOf(orderId: string): Promise<Set<string>> {
    return new DisputesRepository(this.db).disputedLinesOf(orderId);
  }

  /**
   * `charge.dispute.created` or `.closed`: the dispute as the provider has it now. One on a payment we
   * do not know is acknowledged and ignored; an unreachable provider throws, so the event comes again.
   */
  async fromProvider(disputeId: string): Promise<void> {
    const dispute = await this.provider.retrieveDispute(disputeId);
    if (!dispute?.paymentIntentId) {
      this.log.warn({ disputeId }, 'dispute ignored: the provider names no payment of it');
      return;
    }
    const order = await this.orders.byIntent(this.provider.name, dispute.paymentIntentId);
    if (!order) {
      this.log.warn({ disputeId, intentId: dispute.paymentIntentId }, 'dispute ignored: not a payment of ours');
      return;
    }
    // Paid at Stripe, not recorded here yet: the webhook or the reconciliation records the sale, and
    // Stripe sends this event again until then, so the dispute takes what the sale gave.
    if (order.paidAt === null) throw new Error(`Dispute ${disputeId} arrived before the payment ${order.intentId} was recorded`);
    try {
      await this.record(dispute, order);
    } catch (error) {
      // Another delivery of the same dispute wrote its row first: this one now finds it and adds what is missing.
      if (!isUniqueViolation(error)) throw error;
      await this.record(dispute, order);
    }
  }

  private record(dispute: ProviderDispute, order: Order): Promise<void> {
    const outcome = outcomeOf(dispute.status);
    return this.inTransaction(async (trx, afterCommit) => {
      const disputes = new DisputesRepository(trx);
      const now = this.clock.now().toISOString();
      let row = await disputes.byProviderId(this.provider.name, dispute.id);
      let opened = false;
      if (!row) {
        row = await this.open(trx, dispute, order, now);
        opened = true;
      }
      const lines = await disputes.linesOf(row.id);
      // docs/decisions/0012 "Holds": a chargeback holds its sellers' payouts, once, with the row; one
      // opened and won in one go (its closing came first) holds nothing.
      if (opened && outcome !== 'won') await this.holdSellers(trx, afterCommit, lines);
      if (outcome !== 'open' && row.status === 'open') {
        if (!(await disputes.close(row.id, outcome, now))) return;
        for (const line of lines) await this.ledger.postDisputeClosed(trx, this.disputedLine(order, line), outcome);
        if (outcome === 'lost') await this.revoke(trx, order, lines, now);
        // Won: the bank ruled for the seller, and the rule's hold goes unless another dispute still stands.
        if (outcome === 'won' && !opened) await this.releaseSellers(trx, afterCommit, lines);
        await this.tell(trx, afterCommit, outcome, row, order, lines);
        this.log.info({ disputeId: dispute.id, orderId: order.id, outcome }, 'dispute closed');
      } else if (opened) {
        await this.tell(trx, afterCommit, 'opened', row, order, lines);
      }
    });
  }

  /** Each seller of the dispute's lines, with what of theirs is disputed, told to payouts' chargeback rule. */
  private async holdSellers(trx: Kysely<Database>, afterCommit: AfterCommit, lines: readonly DisputeLineRow[]): Promise<void> {
    const centsBySeller = new Map<string, number>();
    for (const line of lines) centsBySeller.set(line.seller_id, (centsBySeller.get(line.seller_id) ?? 0) + Number(line.cents));
    for (const [sellerId, amountCents] of centsBySeller) await this.holds.disputeOpenedIn(trx, afterCommit, { sellerId, amountCents });
  }

  /** A dispute won: each of its sellers' chargeback hold released, unless another dispute of theirs is open or was lost since it was placed. */
  private async releaseSellers(trx: Kysely<Database>, afterCommit: AfterCommit, lines: readonly DisputeLineRow[]): Promise<void> {
    const disputes = new DisputesRepository(trx);
    for (const sellerId of new Set(lines.map((line) => line.seller_id))) {
      await this.holds.disputeWonIn(trx, afterCommit, sellerId, (since) => disputes.sellerDisputedSince(sellerId, since));
    }
  }

  /** The dispute's row and lines, and each line's cents off its seller onto `disputes:open`. */
  private async open(trx: Kysely<Database>, dispute: ProviderDispute, order: Order, now: string): Promise<DisputeRow> {
    const spread = spreadDispute(order.lines, dispute.amount, await this.refundedCentsByLine(trx, order.id));
    if (spread.unplaced > 0) {
      this.log.error(
        { disputeId: dispute.id, orderId: order.id, unplacedCents: spread.unplaced },
        'DISPUTE LARGER THAN THE ORDER: more is disputed than its lines have left; settle the rest by hand',
      );
    }
    const row: DisputeRow = {
      id: newId(),
      provider: this.provider.name,
      provider_dispute_id: dispute.id,
      order_id: order.id,
      amount_cents: dispute.amount,
      currency: dispute.currency.toLowerCase(),
      reason: dispute.reason,
      status: 'open',
      opened_at: now,
      closed_at: null,
    };
    const lines: DisputeLineRow[] = spread.lines.map(({ line, cents }) => ({
      dispute_id: row.id,
      order_line_id: line.id,
      seller_id: line.sellerId!,
      cents,
    }));
    await new DisputesRepository(trx).insert(row, lines);
    for (const line of lines) await this.ledger.postDisputeOpened(trx, this.disputedLine(order, line));
    this.log.info({ disputeId: dispute.id, orderId: order.id, cents: dispute.amount }, 'dispute opened');
    return row;
  }

  private disputedLine(order: Order, line: DisputeLineRow) {
    const cents = Number(line.cents);
    const orderLine = order.lines.find((candidate) => candidate.id === line.order_line_id);
    // A platform code's part, in proportion to how much of what the line paid is disputed.
    const platformCents =
      orderLine && orderLine.platformDiscountCents > 0 && orderLine.paidCents > 0
        ? Math.round((orderLine.platformDiscountCents * cents) / orderLine.paidCents)
        : 0;
    return {
      disputeId: line.dispute_id,
      lineId: line.order_line_id,
      sellerId: line.seller_id,
      provider: order.provider,
      cents,
      platformCents,
      currency: order.currency,
    };
  }

  /** A dispute lost: its lines' licences revoked; an upgrade line's licence is Single again, as its refund makes it. */
  private async revoke(trx: Kysely<Database>, order: Order, lines: readonly DisputeLineRow[], now: string): Promise<void> {
    for (const disputed of lines) {
      const line = order.lines.find((candidate) => candidate.id === disputed.order_line_id);
      if (line?.kind === 'upgrade' && line.licenceId) await this.licences.undoUpgradeIn(trx, line.licenceId);
      else await this.licences.revokeDisputedIn(trx, disputed.order_line_id, DISPUTE_LOST_REVOKED_REASON, now);
    }
  }

  /** Each seller hears of their own lines, every admin of the whole dispute: a notice and a mail, sent once committed. */
  private async tell(
    trx: Kysely<Database>,
    afterCommit: AfterCommit,
    outcome: DisputeOutcome,
    row: DisputeRow,
    order: Order,
    lines: readonly DisputeLineRow[],
  ): Promise<void> {
    const disputes = new DisputesRepository(trx);
    const productOf = new Map(order.lines.map((line) => [line.id, line.productId]));
    const titles = await disputes.titlesOf([...new Set(lines.map((line) => productOf.get(line.order_line_id) ?? ''))]);
    const summaryOf = (some: readonly DisputeLineRow[], amountCents: number): DisputeSummary => ({
      titles:
        [...new Set(some.map((line) => titles.get(productOf.get(line.order_line_id) ?? '') ?? 'A product'))].join(', ') || 'a payment',
      amountCents,
      reason: row.reason,
      orderId: order.id,
    });
    const sellers = await disputes.usersOf([...new Set(lines.map((line) => line.seller_id))]);
    const admins = await disputes.admins();
    const whole = summaryOf(lines, Number(row.amount_cents));
    const perSeller = sellers.map((seller) => {
      const own = lines.filter((line) => line.seller_id === seller.id);
      return {
        seller,
        summary: summaryOf(
          own,
          own.reduce((sum, line) => sum + Number(line.cents), 0),
        ),
      };
    });
    await this.notifications.queue(trx, afterCommit, [
      ...perSeller.map(({ seller, summary }) => ({ userId: seller.id, notice: disputeNotices.toSeller(outcome, summary) })),
      ...admins.map((admin) => ({ userId: admin.id, notice: disputeNotices.toAdmin(outcome, whole) })),
    ]);
    await this.mail.queue(trx, afterCommit, [
      ...perSeller.map(({ seller, summary }) => disputeMail(seller, outcome, summary, 'seller', this.publicUrl)),
      ...admins.map((admin) => disputeMail(admin, outcome, whole, 'admin', this.publicUrl)),
    ]);
  }
}
