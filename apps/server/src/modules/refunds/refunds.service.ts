import {
  ALREADY_REFUNDED_MESSAGE,
  centsToDollars,
  formatUsd,
  LICENCE_REVOKED_MESSAGE,
  REFUND_ALREADY_REQUESTED_MESSAGE,
  REFUND_IN_PROGRESS_MESSAGE,
  REFUND_REQUEST_ANSWERED_MESSAGE,
  REFUND_REQUEST_NOT_FOUND_MESSAGE,
  REFUND_WINDOW_CLOSED_MESSAGE,
  refundRequestDeadline,
  type RefundBody,
  type RefundRequest,
  type RefundRequestStatus,
  type RefundResult,
  type SessionUser,
  type OrderRefundedData,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import type { WebhookEvents } from '../webhooks/index.js';
import type { Logger } from 'pino';
import { type InTransaction, isUniqueViolation } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { MailOutbox } from '../../platform/mail/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { PaymentsService } from '../payments/index.js';
import type { LicencesService } from '../licences/index.js';
import type { OrdersService } from '../orders/index.js';
import type { PayoutsService } from '../payouts/index.js';
import type { LedgerService } from '../ledger/index.js';
import { answersRefundRequests, asksForRefundOf, refundsPurchases } from './policies.js';
import { refundDeclinedMail, refundMail, refundNotices } from './refund-notices.js';
import {
  type Claim,
  type RefundableLineRow,
  type RefundRequestListRow,
  type RefundRequestRow,
  type RefundRow,
  RefundsRepository,
} from './refunds.repository.js';

/**
 * A line under a dispute open or lost: the bank holds its money or gave it to the cardholder, and Stripe
 * refuses to refund a disputed charge (docs/decisions/0012, "Disputes").
 */
export const REFUND_DISPUTED_MESSAGE =
  "This payment is disputed with the cardholder's bank: it cannot be refunded; the bank's ruling settles it";

/** A claim older than this belongs to an attempt that died; the provider's idempotency key makes taking it over safe. */
const STALE_CLAIM_MS = 2 * 60 * 1000;
/** Quiet claims settled per reconciliation round: each is one or two provider calls. */
const CLAIMS_PER_ROUND = 100;

/** What a reconciliation round did with the refund claims it found quiet. */
export interface SettledClaims {
  /** Refunded at the provider: finished here, the licence revoked and the buyer told. */
  completed: number;
  /** Never refunded at the provider: let go, their ledger entries reversed. */
  letGo: number;
}

type Notices = Pick<NotificationsService, 'queue'>;
type Mail = Pick<MailOutbox, 'queue'>;

export interface RefundRequestInput {
  purchaseId: string;
  productId: string;
  reason: string;
}

export interface RefundsServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  payments: Pick<PaymentsService, 'refund' | 'refundedCentsOf' | 'refundsAtProvider'>;
  orders: Pick<OrdersService, 'soldById' | 'settleRefundsIn'>;
  licences: Pick<LicencesService, 'revokeRefundedIn' | 'undoUpgradeIn'>;
  notifications: Notices;
  mail: Mail;
  ledger: LedgerService;
  /** Told of each refund recorded, in its transaction: the refund-rate rule may hold the seller's payouts. */
  payouts: Pick<PayoutsService, 'refundRecordedIn'>;
  /**
   * Told once a refund committed: with payouts through Connect, a seller it left below zero has what
   * is missing taken back from their last transfers (docs/decisions/0012).
   */
  recoverShortfall: (sellerId: string) => Promise<unknown>;
  clock: Clock;
  log: Pick<Logger, 'error' | 'info'>;
  publicUrl: string;
  /** The seller's endpoints hear of each refunded line (docs/decisions/0015). */
  webhooks: WebhookEvents;
  /** The order's lines under a dispute open or lost (modules/payments); none when absent. */
  disputedLinesOf?: (orderId: string) => Promise<Set<string>>;
}

/**
 * Refunds: the provider gives the licence price back, the licence is revoked, the seller's
 * ledger gains a row of its own, and the buyer is told. Once per licence, whoever asks and how often.
 */
export class RefundsService {
  private readonly inTransaction: InTransaction;
  private readonly refunds: RefundsRepository;
  private readonly payments: Pick<PaymentsService, 'refund' | 'refundedCentsOf' | 'refundsAtProvider'>;
  private readonly orders: Pick<OrdersService, 'soldById' | 'settleRefundsIn'>;
  private readonly licences: Pick<LicencesService, 'revokeRefundedIn' | 'undoUpgradeIn'>;
  private readonly notifications: Notices;
  private readonly mail: Mail;
  private readonly ledger: LedgerService;
  private readonly payouts: Pick<PayoutsService, 'refundRecordedIn'>;
  private readonly recoverShortfall: RefundsServiceDependencies['recoverShortfall'];
  private readonly clock: Clock;
  private readonly log: Pick<Logger, 'error' | 'info'>;
  private readonly publicUrl: string;
  private readonly webhooks: WebhookEvents;
  private readonly disputedLinesOf: (orderId: string) => Promise<Set<string>>;

  constructor({
    db,
    inTransaction,
    payments,
    orders,
    licences,
    notifications,
    mail,
    ledger,
    payouts,
    recoverShortfall,
    clock,
    log,
    publicUrl,
    webhooks,
    disputedLinesOf,
  }: RefundsServiceDependencies) {
    this.webhooks = webhooks;
    this.payouts = payouts;
    this.recoverShortfall = recoverShortfall;
    this.disputedLinesOf = disputedLinesOf ?? (async () => new Set());
    this.inTransaction = inTransaction;
    this.orders = orders;
    this.licences = licences;
    this.ledger = ledger;
    this.refunds = new RefundsRepository(db);
    this.payments = payments;
    this.notifications = notifications;
    this.mail = mail;
    this.clock = clock;
    this.log = log;
    this.publicUrl = publicUrl;
  }

  /**
   * An admin refunds one line of a purchase, or every line of it. A line bought in a bundle brings
   * the bundle's other lines with it: a bundle is refunded whole (docs/decisions/0011).
   */
  async refund(actor: SessionUser, { purchaseId, productId, reason }: RefundBody): Promise<RefundResult> {
    if (!refundsPurchases(actor)) throw forbidden('Only an admin can refund a purchase');
    const asked = await this.refunds.linesOf(purchaseId, productId);
    if (asked.length === 0) {
      throw notFound((await this.orders.soldById(purchaseId)) ? 'This product is not part of the purchase' : 'Purchase not found');
    }
    const bundle = productId !== undefined && asked[0]!.bundle_id !== null ? asked[0]! : null;
    const lines = bundle ? await this.refunds.bundleLinesOf(purchaseId, bundle.bundle_id!) : asked;
    const disputed = await this.disputedLinesOf(purchaseId);
    if (lines.some((line) => disputed.has(line.line_id))) throw conflict(REFUND_DISPUTED_MESSAGE);
    let refundedCents = 0;
    const refunded = [];
    for (const line of lines) {
      const refundedNow = await this.refundLine(line, reason, actor._id);
      if (refundedNow) refundedCents += Number(line.price_cents);
      refunded.push({ productId: line.product_id, amount: centsToDollars(Number(line.price_cents)), refundedNow });
    }
    const whole = bundle ? ` for the whole bundle "${bundle.bundle_name ?? ''}"` : '';
    // An upgrade's order holds its one line: the licence it upgraded stays, Single again.
    const outcome = lines.every((line) => line.kind === 'upgrade')
      ? 'the licence is a Single App License again'
      : `the licence${refunded.length > 1 ? 's are' : ' is'} revoked`;
    const message = refunded.some((line) => line.refundedNow)
      ? `Refunded ${formatUsd(refundedCents)}${whole}; ${outcome}.`
      : ALREADY_REFUNDED_MESSAGE;
    return { message, refunded };
  }

  /**
   * Claim first, then the provider, then the effects: a second click, instance or retry finds the
   * claim and refunds nothing again. A failed provider call lets go of the claim, so nothing is
   * left half done.
   */
  private async refundLine(line: RefundableLineRow, reason: string, adminId: string): Promise<boolean> {
    const now = this.clock.now();
    const row = this.refundRow(line, { reason, origin: 'admin', refundedBy: adminId, status: 'pending', at: now.toISOString() });
    const claim = await this.claim(line, row, new Date(now.getTime() - STALE_CLAIM_MS).toISOString());
    if (!claim.claimed) {
      if (claim.refund.status === 'succeeded') return false;
      throw conflict(REFUND_IN_PROGRESS_MESSAGE);
    }
    let providerRefundId: string | null = null;
    try {
      if (Number(line.price_cents) > 0) {
        const metadata = { purchaseLineId: line.line_id, purchaseId: line.purchase_id };
        providerRefundId = (await this.payments.refund(line.intent_id, Number(line.price_cents), `refund-${line.line_id}`, metadata)).id;
      }
    } catch (error) {
      await this.release(claim.refund);
      if (await this.refundedMeanwhileAtProvider(line)) return false;
      throw error;
    }
    // false: an attempt that took this claim over as stale finished it (the idempotency key made it
    // the same refund), and told the buyer.
    const completed = await this.finish(line, reason, (refunds) =>
      refunds.complete(claim.refund.id, providerRefundId, this.outcomeOf(line, reason, adminId)),
    );
    // Or the reconciliation let the claim go while the provider was slow to answer: what it refunded
    // is recorded as its webhook would.
    if (!completed && !(await this.refunds.exists(claim.refund.id))) return this.refundedMeanwhileAtProvider(line);
    return completed;
  }

  /**
   * Repair (docs/decisions/0008): a claim taken before `claimedBefore` and never finished belongs to
   * an attempt that died between the claim and its last write. Each is taken over (a click or a
   * concurrent round that took it first wins), then the provider is asked: its refund carrying the
   * line in its metadata finishes the claim once, as the attempt would have (licence revoked, buyer
   * told); none lets the claim go, its ledger entries reversed, and a refund the provider made some
   * other way is recorded as its webhook would.
   */
  /** The provider's id of each refund it has made, for reconciliation. */
  async providerIdsOf(refundIds: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.refunds.providerIdsOf(refundIds);
    return new Map(rows.flatMap((row) => (row.providerRefundId ? [[row.id, row.providerRefundId] as const] : [])));
  }

  async settleQuietClaims(claimedBefore: string): Promise<SettledClaims> {
    const settled: SettledClaims = { completed: 0, letGo: 0 };
    for (const quiet of await this.refunds.claimsBefore(claimedBefore, CLAIMS_PER_ROUND)) {
      const claim = await this.refunds.takeOver(quiet, this.clock.now().toISOString());
      const [line] = claim ? await this.refunds.linesOf(claim.purchase_id, claim.product_id) : [];
      if (!claim || !line) continue;
      const providerRefund = (await this.payments.refundsAtProvider(line.intent_id))?.find(
        (refund) => refund.metadata.purchaseLineId === line.line_id,
      );
      if (providerRefund) {
        const completed = await this.finish(line, claim.reason, (refunds) =>
          refunds.complete(claim.id, providerRefund.id, this.outcomeOf(line, claim.reason, claim.refunded_by)),
        );
        if (completed) settled.completed += 1;
        continue;
      }
      if (!(await this.release(claim))) continue;
      if (await this.refundedMeanwhileAtProvider(line)) settled.completed += 1;
      else settled.letGo += 1;
    }
    return settled;
  }

  /**
   * A provider that refuses our refund may have refunded the line already, from its dashboard while
   * our claim hid it from the webhook: its refunded total is recorded as that webhook would have.
   */
  private async refundedMeanwhileAtProvider(line: RefundableLineRow): Promise<boolean> {
    try {
      const refundedCents = await this.payments.refundedCentsOf(line.intent_id);
      if (refundedCents === null) return false;
      await this.fromProvider(line.intent_id, refundedCents);
      const [now] = await this.refunds.linesOf(line.purchase_id, line.product_id);
      return now?.refund_status === 'succeeded';
    } catch (reconcileError) {
      this.log.error({ err: reconcileError, intentId: line.intent_id }, 'could not ask the provider what it refunded');
      return false;
    }
  }

  /**
   * Stripe's charge.refunded: the charge's refunded total, ours included. Whatever it holds beyond the
   * refunds recorded here was made in the dashboard: the whole rest of the purchase, or the one line
   * (or one bundle's lines together) of exactly that price. Anything else cannot be told apart and is
   * left to a person, loudly.
   */
  async fromProvider(intentId: string, amountRefundedCents: number): Promise<void> {
    const lines = await this.refunds.linesOfIntent(intentId);
    if (lines.length === 0) return;
    const unexplained = amountRefundedCents - (await this.refunds.refundedCentsOf(lines[0]!.purchase_id));
    if (unexplained <= 0) return;
    const open = lines.filter((line) => line.refund_status === null);
    const openTotal = open.reduce((sum, line) => sum + Number(line.price_cents), 0);
    const refunded = unexplained >= openTotal ? open : (refundableTogether(open).find((group) => centsOf(group) === unexplained) ?? []);
    if (refunded.length === 0) {
      this.log.error(
        { intentId, unexplainedCents: unexplained, purchaseId: lines[0]!.purchase_id },
        'REFUND WITHOUT LICENCE: a refund made at the provider matches no licence of the purchase; revoke by hand',
      );
      return;
    }
    const reason = 'Refunded from the payment dashboard';
    for (const line of refunded) {
      const row = this.refundRow(line, {
        reason,
        origin: 'provider',
        refundedBy: null,
        status: 'succeeded',
        at: this.clock.now().toISOString(),
      });
      let done: boolean;
      try {
        done = await this.finish(line, reason, async (refunds, trx) => {
          await refunds.recordDone(row, this.outcomeOf(line, reason, null));
          await this.postRefund(trx, line, row);
          return true;
        });
      } catch (error) {
        // The line had a refund already: recorded by another delivery of the same event, or claimed by an attempt.
        if (!isUniqueViolation(error)) throw error;
        done = false;
      }
      if (done) this.log.info({ intentId, lineId: line.line_id }, 'refund made at the provider recorded');
    }
  }

  /**
   * Takes the line's refund for this attempt: a new claim, whose ledger entries drop the seller's
   * balance at once, or another attempt's claim gone quiet before `staleBefore`. Otherwise answers
   * the claim another attempt holds or finished.
   */
  private async claim(line: RefundableLineRow, row: RefundRow, staleBefore: string): Promise<Claim> {
    try {
      await this.inTransaction(async (trx) => {
        await new RefundsRepository(trx).insert(row);
        await this.postRefund(trx, line, row);
      });
      return { claimed: true, refund: row };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
    return this.refunds.takeOverStale(row, staleBefore);
  }

  /** Lets go of the claim and reverses its entries, unless another attempt took it over since (false). */
  private release(claim: Pick<RefundRow, 'id' | 'claimed_at'>): Promise<boolean> {
    return this.inTransaction(async (trx) => {
      if (!(await new RefundsRepository(trx).release(claim))) return false;
      await this.ledger.reverseRefund(trx, claim.id);
      return true;
    });
  }

  /**
   * The refund in the ledger: the seller gives the line's price back to the payment's provider, and a
   * platform code's part of its discount back to the platform.
   */
  private async postRefund(trx: Kysely<Database>, line: RefundableLineRow, row: RefundRow): Promise<void> {
    await this.ledger.postRefund(trx, {
      refundId: row.id,
      lineId: line.line_id,
      sellerId: row.seller_id,
      provider: line.provider,
      amountCents: row.amount_cents,
      platformDiscountCents: Number(line.platform_discount_cents),
    });
  }

  private refundRow(
    line: RefundableLineRow,
    { reason, origin, refundedBy, status, at }: Pick<RefundRow, 'reason' | 'origin' | 'status'> & { refundedBy: string | null; at: string },
  ): RefundRow {
    return {
      id: newId(),
      purchase_line_id: line.line_id,
      purchase_id: line.purchase_id,
      product_id: line.product_id,
      seller_id: line.seller_id,
      buyer_id: line.buyer_id,
      amount_cents: Number(line.price_cents),
      reason,
      origin,
      refunded_by: refundedBy,
      status,
      provider_refund_id: null,
      claimed_at: at,
      created_at: at,
    };
  }

  private outcomeOf(line: RefundableLineRow, reason: string, answeredBy: string | null) {
    return { lineId: line.line_id, revokedReason: `Refunded: ${reason}`, at: this.clock.now().toISOString(), answeredBy };
  }

  /**
   * A refund's write in one unit of work with its effects: the licence revoked (a reason given before
   * stays), the order's status, the buyer's and seller's notices and the buyer's mail, sent once it
   * committed, and the refund-rate rule's hold when the seller's refunds passed it. False, with nothing written, when `write` found the refund finished by another attempt.
   */
  private finish(
    line: RefundableLineRow,
    reason: string,
    write: (refunds: RefundsRepository, trx: Kysely<Database>) => Promise<boolean>,
  ): Promise<boolean> {
    const refunded = {
      title: line.title ?? 'A product',
      amountCents: Number(line.price_cents),
      purchaseCode: line.purchase_code,
      upgrade: line.kind === 'upgrade',
    };
    return this.inTransaction(async (trx, afterCommit) => {
      const refunds = new RefundsRepository(trx);
      if (!(await write(refunds, trx))) return false;
      if (line.kind === 'upgrade') await this.licences.undoUpgradeIn(trx, line.licence_id);
      else await this.licences.revokeRefundedIn(trx, line.line_id, `Refunded: ${reason}`, this.clock.now().toISOString());
      await this.orders.settleRefundsIn(trx, line.purchase_id, await refunds.succeededLinesOf(line.purchase_id));
      await this.notifications.queue(trx, afterCommit, [
        { userId: line.buyer_id, notice: refundNotices.refundedToBuyer(refunded, reason) },
        // The seller gives back what the line earned: a platform code's part too.
        {
          userId: line.seller_id,
          notice: refundNotices.refundedToSeller(
            { ...refunded, amountCents: refunded.amountCents + Number(line.platform_discount_cents) },
            reason,
          ),
        },
      ]);
      await this.mail.queue(trx, afterCommit, [
        refundMail({ name: line.buyer_name, email: line.buyer_email }, refunded, reason, this.publicUrl),
      ]);
      const data: OrderRefundedData = {
        orderId: line.purchase_id,
        refundedAt: this.clock.now().toISOString(),
        lines: [{ lineId: line.line_id, productId: line.product_id, refunded: { cents: refunded.amountCents, currency: 'usd' } }],
      };
      await this.webhooks.emit(trx, afterCommit, line.seller_id, 'order.refunded', data);
      // docs/decisions/0012 "Holds": a refund rate above HOLD_REFUND_RATE holds the seller's payouts.
      await this.payouts.refundRecordedIn(trx, afterCommit, { sellerId: line.seller_id, ...(await refunds.refundShareOf(line.seller_id)) });
      afterCommit(async () => {
        await this.recoverShortfall(line.seller_id);
      });
      return true;
    });
  }

  /** Cents refunded (or claimed) of each line of the order, read in `executor`'s transaction: what a dispute cannot take again. */
  refundedCentsByLine(executor: Kysely<Database>, orderId: string): Promise<Map<string, number>> {
    return new RefundsRepository(executor).refundedCentsByLine(orderId);
  }

  /** The buyer asks, within REFUND_REQUEST_DAYS of the purchase, once per licence; every admin is told. */
  async request(actor: SessionUser, { purchaseId, productId, reason }: RefundRequestInput): Promise<RefundRequest> {
    const [line] = await this.refunds.linesOf(purchaseId, productId);
    if (!line) throw notFound('This product is not part of the purchase');
    if (!asksForRefundOf(actor, line)) throw forbidden('This purchase belongs to another account');
    if (line.refund_status !== null) throw conflict(ALREADY_REFUNDED_MESSAGE);
    if (line.status !== 'Active') throw conflict(LICENCE_REVOKED_MESSAGE);
    if (this.clock.now() > refundRequestDeadline(new Date(line.purchased_at))) throw forbidden(REFUND_WINDOW_CLOSED_MESSAGE);
    const admins = await this.refunds.adminIds();
    const id = newId();
    const request: RefundRequestRow = {
      id,
      purchase_line_id: line.line_id,
      buyer_id: actor._id,
      reason,
      status: 'Pending',
      decline_reason: null,
      answered_by: null,
      answered_at: null,
      created_at: this.clock.now().toISOString(),
    };
    try {
      await this.inTransaction(async (trx, afterCommit) => {
        await new RefundsRepository(trx).insertRequest(request);
        const notice = refundNotices.requested(line.title ?? 'a product', line.buyer_name);
        await this.notifications.queue(
          trx,
          afterCommit,
          admins.map((userId) => ({ userId, notice })),
        );
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(REFUND_ALREADY_REQUESTED_MESSAGE);
      throw error;
    }
    return requestView((await this.refunds.findRequest(id))!);
  }

  async list(actor: SessionUser, status?: RefundRequestStatus): Promise<RefundRequest[]> {
    if (!answersRefundRequests(actor)) throw forbidden('Only an admin can see refund requests');
    return (await this.refunds.listRequests(status)).map(requestView);
  }

  async decline(actor: SessionUser, id: string, reason: string): Promise<RefundRequest> {
    if (!answersRefundRequests(actor)) throw forbidden('Only an admin can answer refund requests');
    const request = await this.refunds.findRequest(id);
    if (!request) throw notFound(REFUND_REQUEST_NOT_FOUND_MESSAGE);
    const title = request.title ?? 'a product';
    const declined = await this.inTransaction(async (trx, afterCommit) => {
      if (!(await new RefundsRepository(trx).decline(id, { reason, by: actor._id, at: this.clock.now().toISOString() }))) return false;
      await this.notifications.queue(trx, afterCommit, [{ userId: request.buyer_id, notice: refundNotices.declined(title, reason) }]);
      await this.mail.queue(trx, afterCommit, [
        refundDeclinedMail({ name: request.buyer_name, email: request.buyer_email }, title, reason, this.publicUrl),
      ]);
      return true;
    });
    if (!declined) throw conflict(REFUND_REQUEST_ANSWERED_MESSAGE);
    return requestView((await this.refunds.findRequest(id))!);
  }
}

const centsOf = (lines: readonly RefundableLineRow[]) => lines.reduce((sum, line) => sum + Number(line.price_cents), 0);

/** What can be refunded on its own: a line, or a bundle's lines together (docs/decisions/0011). */
function refundableTogether(lines: readonly RefundableLineRow[]): RefundableLineRow[][] {
  const bundles = new Map<string, RefundableLineRow[]>();
  const groups: RefundableLineRow[][] = [];
  for (const line of lines) {
    if (line.bundle_id === null) groups.push([line]);
    else if (bundles.has(line.bundle_id)) bundles.get(line.bundle_id)!.push(line);
    else {
      const bundle = [line];
      bundles.set(line.bundle_id, bundle);
      groups.push(bundle);
    }
  }
  return groups;
}

function requestView(row: RefundRequestListRow): RefundRequest {
  return {
    _id: row.id,
    purchaseId: row.purchase_id,
    productId: row.product_id,
    title: row.title ?? '',
    licenseType: row.license_type,
    price: centsToDollars(Number(row.price_cents)),
    purchasedAt: row.purchased_at,
    buyer: { _id: row.buyer_id, name: row.buyer_name, email: row.buyer_email },
    reason: row.reason,
    status: row.status,
    declineReason: row.decline_reason,
    createdAt: row.created_at,
    answeredAt: row.answered_at,
  };
}
