import type { Readable } from 'node:stream';
import {
  type CustomWork,
  type CustomWorkAction,
  customWorkActionsFor,
  type CustomWorkDelivery,
  customWorkDeliveryFieldsSchema,
  customWorkEvidenceFieldsSchema,
  type CustomWorkReviewBody,
  customWorkReviewBodySchema,
  type CustomWorkReviewList,
  customWorkReviewable,
  CUSTOM_WORK_REVIEWS_LISTED,
  MAX_CUSTOM_WORK_EVIDENCE,
  CUSTOM_WORK_MESSAGES,
  CUSTOM_WORK_REMINDER_DAYS,
  type CustomWorkQuoteBody,
  customWorkQuoteBodySchema,
  type CustomWorkResolveBody,
  type CustomWorkRole,
  type CustomWorkSettings,
  type CustomWorkState,
  customWorkStep,
  type CustomWorkSummary,
  type EscrowMove,
  formatUsd,
  productTitle,
  type ReskinRequest,
  type SessionUser,
  titleToSlug,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Dialect, InTransaction } from '../../db/index.js';
import type { AfterCommit } from '../../db/unit-of-work.js';
import type { Database } from '../../db/schema.js';
import { parseFormFields } from '../../http/form-fields.js';
import type { Clock } from '../../platform/clock.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { htmlToText, sanitizeRichText } from '../../platform/html/index.js';
import { newId } from '../../platform/ids.js';
import type { JobLeases } from '../../platform/jobs/index.js';
import type { MailOutbox } from '../../platform/mail/index.js';
import type { FileStorage } from '../../platform/storage/index.js';
import type { DeliveryAnalysis } from '../archives/index.js';
import { isAdmin } from '../auth/index.js';
import { escrowAccount, type LedgerService } from '../ledger/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { OrdersService } from '../orders/index.js';
import { readProductUpload, type ProductsService, type UploadPart } from '../products/index.js';
import { ATTACHMENT_CONTENT_TYPES, type ChatSendRequest } from '../reskin-chat/index.js';
import { customWorkMail, customWorkNotice, type CustomWorkNews } from './custom-work-notices.js';
import {
  type CustomWorkRow,
  CustomWorkRepository,
  type CustomWorkWithNamesRow,
  type DeliveryRow,
  type EvidenceRow,
  type MilestoneRow,
  type ReviewRow,
} from './custom-work.repository.js';
import { quotesFor, seesEveryOrder } from './policies.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Orders released, reminded, analysed or refunded per round: a round stays short, the next takes the rest. */
const ROUND = 50;
/** Paths listed per kind of difference; the counts stay whole. */
const LISTED_PATHS = 200;
const DELIVERY_LEASE_MS = 10 * 60_000;

const FORBIDDEN_MESSAGES: ReadonlySet<string> = new Set([
  CUSTOM_WORK_MESSAGES.onlyBuyer,
  CUSTOM_WORK_MESSAGES.onlySeller,
  CUSTOM_WORK_MESSAGES.onlyAdmin,
]);

const NOT_FOUND_MESSAGE = 'Custom work not found';

/** A milestone's refund asks the provider with this key, so it is made once; the reconciliation names an owed one by it. */
const refundKeyOf = (customWorkId: string, position: number) => `custom-work-${customWorkId}-${position}`;
const CHANGED_MEANWHILE = 'The work changed meanwhile; reload to see where it stands';

export interface CustomWorkServiceDependencies {
  db: Kysely<Database>;
  dialect: Dialect;
  inTransaction: InTransaction;
  clock: Clock;
  log: Pick<Logger, 'info' | 'warn' | 'error'>;
  ledger: LedgerService;
  orders: Pick<OrdersService, 'customWorkFunding' | 'customWorkOfLines'>;
  notifications: NotificationsService;
  mail: MailOutbox;
  storage: FileStorage;
  leases: JobLeases;
  /** Where a delivery's archive is staged while the upload is read, as a release's. */
  uploads: Pick<ProductsService, 'stageSourceCode' | 'discardSourceCode' | 'sourceMaxBytes'>;
  /** A delivery's archive read by the archive analysis (modules/archives). */
  analyse: (productId: string, delivery: { key: string; size: number }) => Promise<DeliveryAnalysis>;
  /** The provider's refund of a funded milestone's money (modules/payments). */
  refund: (intentId: string, amountCents: number, idempotencyKey: string, metadata: Record<string, string>) => Promise<{ id: string }>;
  settings: CustomWorkSettings;
  publicUrl: string;
}

/** What a side did, as the order's history and the other side's notice say it. */
const DONE: Record<CustomWorkAction['type'], string> = {
  accept: 'Accepted the quote',
  fund: 'Paid the milestone into escrow',
  deliver: 'Delivered the work',
  acceptDelivery: 'Accepted the delivery',
  requestChanges: 'Asked for changes',
  cancel: 'Cancelled the order',
  dispute: 'Opened a dispute',
  resolve: 'Resolved the dispute',
  autoRelease: 'Released the milestone automatically',
};

const stateOf = (row: CustomWorkRow, milestones: readonly MilestoneRow[]): CustomWorkState => ({
  status: row.status,
  milestones: milestones.map((milestone) => ({ amountCents: Number(milestone.amount_cents), status: milestone.status })),
  current: Number(row.current_milestone),
  revisionsUsed: Number(row.revisions_used),
  dueAt: Date.parse(row.due_at),
  autoReleaseAt: row.auto_release_at === null ? null : Date.parse(row.auto_release_at),
  disputedFrom: row.disputed_from,
});

/**
 * Custom work as an escrowed order (docs/decisions/0013): a quote from the reskin chat, funded
 * through the checkout, delivered as an analysed archive, accepted or released by the clock, and
 * disputes an admin resolves. Every change runs `customWorkStep` on the row it locked, and the
 * money it moves goes through the ledger's `escrow:{id}` in the same transaction.
 */
export class CustomWorkService {
  private readonly holder = newId();
  private readonly work: CustomWorkRepository;

  constructor(private readonly deps: CustomWorkServiceDependencies) {
    this.work = new CustomWorkRepository(deps.db);
  }

  /** POST /api/custom-work: the product's seller, or an admin for them, quotes a buyer who asked for a reskin of it. */
  async quote(actor: SessionUser, body: CustomWorkQuoteBody): Promise<CustomWork> {
    const quote = customWorkQuoteBodySchema.parse(body);
    const product = await this.work.product(quote.productId);
    if (!product || product.status === 'Deleted') throw notFound('Product not found');
    if (!quotesFor(actor, product.user_id)) throw forbidden("Only the product's seller or an admin can send a quote");
    if (quote.buyerId === product.user_id) throw badRequest('A seller cannot quote custom work to themselves', 'buyerId');
    if (!(await this.work.user(quote.buyerId))) throw notFound('Buyer not found');
    if (!(await this.work.hasConversation(quote.buyerId, quote.productId))) {
      throw badRequest('A quote answers a reskin request: this buyer has not asked for one on this product', 'buyerId');
    }
    const now = this.deps.clock.now();
    if (Date.parse(quote.dueAt) <= now.getTime()) throw badRequest('The delivery date must be in the future', 'dueAt');
    const scopeHtml = sanitizeRichText(quote.scopeHtml);
    if (!htmlToText(scopeHtml)) throw badRequest('Describe the work', 'scopeHtml');
    const milestones = quote.milestones?.length ? quote.milestones : [{ title: 'The whole work', amountCents: quote.priceCents }];
    const id = newId();
    const at = now.toISOString();
    await this.deps.inTransaction(async (trx, afterCommit) => {
      const repository = new CustomWorkRepository(trx);
      await repository.insert(
        {
          id,
          buyer_id: quote.buyerId,
          seller_id: product.user_id,
          product_id: quote.productId,
          quoted_by: actor._id,
          scope_html: scopeHtml,
          price_cents: quote.priceCents,
          status: 'quoted',
          current_milestone: 0,
          revisions_used: 0,
          revisions_allowed: this.deps.settings.revisions,
          due_at: new Date(quote.dueAt).toISOString(),
          auto_release_at: null,
          reminded_days: null,
          disputed_from: null,
          dispute_reason: null,
          disputed_by: null,
          disputed_at: null,
          resolution_outcome: null,
          resolution_seller_cents: null,
          resolution_buyer_cents: null,
          resolution_note: null,
          created_at: at,
          updated_at: at,
        },
        milestones.map((milestone, position) => ({
          custom_work_id: id,
          position,
          title: milestone.title,
          amount_cents: milestone.amountCents,
          status: 'waiting' as const,
          funded_at: null,
          finished_at: null,
          refund_cents: null,
          provider_refund_id: null,
        })),
      );
      await repository.addEvent({
        id: newId(),
        custom_work_id: id,
        at,
        by: isAdmin(actor) && actor._id !== product.user_id ? 'admin' : 'seller',
        what: `Sent a quote of ${formatUsd(quote.priceCents)}`,
        note: null,
      });
      await this.tell(trx, afterCommit, id, [quote.buyerId], 'quoted', { mail: true });
    });
    return this.get(actor, id);
  }

  /** GET /api/custom-work/requests: who asked for a reskin of the seller's products (of any product, for an admin). */
  async reskinRequests(actor: SessionUser): Promise<ReskinRequest[]> {
    const rows = await this.work.reskinRequests(seesEveryOrder(actor) ? null : actor._id);
    const titles = titlesByProduct(await this.work.titlesOf(rows.map((row) => row.product_id)));
    return rows
      .filter((row) => row.user_id !== actor._id)
      .map((row) => ({
        buyer: { _id: row.user_id, name: row.buyer_name },
        product: {
          _id: row.product_id,
          title: titles.get(row.product_id) ?? '',
        },
        askedAt: row.created_at,
      }));
  }

  /** GET /api/custom-work/mine: the orders the user buys or sells, newest first; optionally of one product. */
  async mine(actor: SessionUser, productId?: string): Promise<CustomWorkSummary[]> {
    const rows = (await this.work.ofUser(actor._id)).filter((row) => productId === undefined || row.product_id === productId);
    return this.summaries(actor, rows);
  }

  /** GET /api/custom-work: every order for the admins, or those in one status (the disputes list), or of one buyer and product (the chat). */
  async list(
    actor: SessionUser,
    filter: { status?: CustomWorkRow['status']; buyerId?: string; productId?: string },
  ): Promise<CustomWorkSummary[]> {
    if (!seesEveryOrder(actor)) throw forbidden('Only an admin can list every custom work order');
    const rows = (await this.work.all(filter.status)).filter(
      (row) =>
        (filter.buyerId === undefined || row.buyer_id === filter.buyerId) &&
        (filter.productId === undefined || row.product_id === filter.productId),
    );
    return this.summaries(actor, rows);
  }

  async get(actor: SessionUser, id: string): Promise<CustomWork> {
    const row = await this.work.findWithNames(id);
    if (!row) throw notFound(NOT_FOUND_MESSAGE);
    const role = this.roleOf(actor, row);
    if (!role) throw notFound(NOT_FOUND_MESSAGE);
    const [summary] = await this.summaries(actor, [row]);
    const [deliveries, events, evidence, review, milestones] = await Promise.all([
      this.work.deliveriesOf(id),
      this.work.eventsOf(id),
      this.work.evidenceOf(id),
      this.work.reviewOf(id),
      this.work.milestonesOf([id]),
    ]);
    return {
      ...summary!,
      scopeHtml: row.scope_html,
      deliveries: deliveries.map(deliveryView),
      events: events.map((event) => ({ at: event.at, by: event.by, what: event.what, note: event.note })),
      evidence: evidence.map(evidenceView),
      review: review ? reviewView(review) : null,
      mayReview: role === 'buyer' && customWorkReviewable(stateOf(row, milestones)),
      mayAddEvidence: row.status === 'disputed',
    };
  }

  private async summaries(actor: SessionUser, rows: readonly CustomWorkWithNamesRow[]): Promise<CustomWorkSummary[]> {
    const ids = rows.map((row) => row.id);
    const [milestones, titles, escrow] = await Promise.all([
      this.work.milestonesOf(ids),
      this.work.titlesOf(rows.map((row) => row.product_id)).then(titlesByProduct),
      Promise.all(rows.map((row) => this.deps.ledger.balanceOf(escrowAccount(row.id)))),
    ]);
    const now = this.deps.clock.now().getTime();
    return rows.map((row, index) => {
      const own = milestones.filter((milestone) => milestone.custom_work_id === row.id);
      const title = titles.get(row.product_id) ?? '';
      const role = this.roleOf(actor, row) ?? 'admin';
      return {
        _id: row.id,
        status: row.status,
        product: { _id: row.product_id, title, slug: titleToSlug(title) },
        buyer: { _id: row.buyer_id, name: row.buyer_name },
        seller: { _id: row.seller_id, name: row.seller_name },
        priceCents: Number(row.price_cents),
        dueAt: row.due_at,
        createdAt: row.created_at,
        milestones: own.map((milestone) => ({
          title: milestone.title,
          amountCents: Number(milestone.amount_cents),
          status: milestone.status,
        })),
        current: Number(row.current_milestone),
        revisionsUsed: Number(row.revisions_used),
        revisionsAllowed: Number(row.revisions_allowed),
        autoReleaseAt: row.auto_release_at,
        escrowCents: escrow[index] ?? 0,
        dispute:
          row.dispute_reason !== null && row.disputed_at !== null && row.disputed_by !== null
            ? { reason: row.dispute_reason, openedBy: row.disputed_by, openedAt: row.disputed_at }
            : null,
        resolution:
          row.resolution_outcome !== null
            ? {
                outcome: row.resolution_outcome,
                sellerCents: Number(row.resolution_seller_cents ?? 0),
                buyerCents: Number(row.resolution_buyer_cents ?? 0),
                note: row.resolution_note ?? '',
              }
            : null,
        role,
        actions: customWorkActionsFor(stateOf(row, own), role, now, this.settingsOf(row)).filter(
          (action) => action !== 'fund' || role === 'buyer',
        ),
      };
    });
  }

  /** The viewer's side of the order; null when it is none of theirs. An admin who is neither side mediates. */
  private roleOf(actor: SessionUser, row: Pick<CustomWorkRow, 'buyer_id' | 'seller_id'>): CustomWorkRole | null {
    if (actor._id === row.buyer_id) return 'buyer';
    if (actor._id === row.seller_id) return 'seller';
    return seesEveryOrder(actor) ? 'admin' : null;
  }

  private settingsOf(row: CustomWorkRow): CustomWorkSettings {
    return { revisions: Number(row.revisions_allowed), autoReleaseDays: this.deps.settings.autoReleaseDays };
  }

  accept(actor: SessionUser, id: string) {
    return this.actAs(actor, id, { type: 'accept' });
  }

  acceptDelivery(actor: SessionUser, id: string) {
    return this.actAs(actor, id, { type: 'acceptDelivery' });
  }

  requestChanges(actor: SessionUser, id: string, note: string) {
    return this.actAs(actor, id, { type: 'requestChanges' }, note);
  }

  cancel(actor: SessionUser, id: string, reason?: string) {
    return this.actAs(actor, id, { type: 'cancel' }, reason ?? null);
  }

  async dispute(actor: SessionUser, id: string, reason: string) {
    return this.actAs(actor, id, { type: 'dispute' }, reason);
  }

  /**
   * POST evidence: a message with a file at most, from either side or an admin, while the order is
   * disputed; the others are told. The file is stored before the row, and removed if the row fails.
   */
  async addEvidence(actor: SessionUser, id: string, request: ChatSendRequest): Promise<CustomWork> {
    const row = await this.work.find(id);
    const role = row ? this.roleOf(actor, row) : null;
    if (!row || !role) throw notFound(NOT_FOUND_MESSAGE);
    const { message } = parseFormFields(customWorkEvidenceFieldsSchema, request.fields);
    if (row.status !== 'disputed') throw conflict('Evidence is added while the order is disputed');
    if ((await this.work.evidenceCount(id)) >= MAX_CUSTOM_WORK_EVIDENCE) {
      throw conflict(`A dispute holds at most ${MAX_CUSTOM_WORK_EVIDENCE} pieces of evidence`);
    }
    const stored = request.file ? await this.deps.storage.put('private', request.file.bytes, request.file.kind) : null;
    try {
      await this.deps.inTransaction(async (trx, afterCommit) => {
        const repository = new CustomWorkRepository(trx);
        const locked = await repository.lockedFind(id, this.deps.dialect === 'postgres');
        // Resolved meanwhile: the admin decided on what was there.
        if (locked?.status !== 'disputed') throw conflict('Evidence is added while the order is disputed');
        await repository.addEvidence({
          id: newId(),
          custom_work_id: id,
          by: role,
          author_id: actor._id,
          message,
          file_key: stored?.key ?? null,
          file_name: request.file?.displayName ?? null,
          content_type: request.file ? ATTACHMENT_CONTENT_TYPES[request.file.kind] : null,
          size_bytes: stored?.size ?? null,
          created_at: this.deps.clock.now().toISOString(),
        });
        const others = [row.buyer_id, row.seller_id, ...(await repository.admins()).map((admin) => admin.id)].filter(
          (userId) => userId !== actor._id,
        );
        await this.tell(trx, afterCommit, id, others, 'evidence', { mail: false });
      });
    } catch (error) {
      if (stored) await this.deps.storage.delete('private', stored.key);
      throw error;
    }
    return this.get(actor, id);
  }

  /** A piece of evidence's file, for the buyer, the seller and the admins. */
  async openEvidence(
    actor: SessionUser,
    id: string,
    evidenceId: string,
  ): Promise<{ stream: Readable; fileName: string; size: number; contentType: string }> {
    const row = await this.work.find(id);
    if (!row || !this.roleOf(actor, row)) throw notFound(NOT_FOUND_MESSAGE);
    const evidence = await this.work.findEvidence(id, evidenceId);
    if (!evidence?.file_key) throw notFound('File not found');
    return {
      stream: await this.deps.storage.get('private', evidence.file_key),
      fileName: evidence.file_name ?? 'evidence',
      size: Number(evidence.size_bytes ?? 0),
      contentType: evidence.content_type ?? 'application/octet-stream',
    };
  }

  /** PUT review: the buyer rates work the seller was paid for; written again, it changes in place. */
  async review(actor: SessionUser, id: string, body: CustomWorkReviewBody): Promise<CustomWork> {
    const { rating, text } = customWorkReviewBodySchema.parse(body);
    const row = await this.work.find(id);
    const role = row ? this.roleOf(actor, row) : null;
    if (!row || !role) throw notFound(NOT_FOUND_MESSAGE);
    if (role !== 'buyer') throw forbidden('Only the buyer can review the work');
    if (!customWorkReviewable(stateOf(row, await this.work.milestonesOf([id])))) {
      throw conflict('Custom work is reviewed once the seller has been paid for it');
    }
    const at = this.deps.clock.now().toISOString();
    await this.deps.inTransaction(async (trx, afterCommit) => {
      const repository = new CustomWorkRepository(trx);
      const first = (await repository.reviewOf(id)) === undefined;
      await repository.saveReview({
        custom_work_id: id,
        product_id: row.product_id,
        buyer_id: row.buyer_id,
        rating,
        text,
        created_at: at,
        updated_at: at,
      });
      if (first) await this.tell(trx, afterCommit, id, [row.seller_id], 'reviewed', { mail: false });
    });
    return this.get(actor, id);
  }

  /** GET reviews: what buyers said of custom work on a product, for everyone. */
  async reviewsOfProduct(productId: string): Promise<CustomWorkReviewList> {
    const [rows, summary] = await Promise.all([
      this.work.reviewsOfProduct(productId, CUSTOM_WORK_REVIEWS_LISTED),
      this.work.reviewSummaryOf(productId),
    ]);
    return {
      average: summary.mean === null ? null : Math.round(summary.mean * 10) / 10,
      count: summary.count,
      reviews: rows.map(reviewView),
    };
  }

  async resolve(actor: SessionUser, id: string, body: CustomWorkResolveBody) {
    const sellerPercent = body.outcome === 'release' ? 100 : body.outcome === 'refund' ? 0 : (body.sellerPercent ?? 0);
    return this.actAs(actor, id, { type: 'resolve', outcome: body.outcome, sellerPercent }, body.note);
  }

  private async actAs(actor: SessionUser, id: string, action: CustomWorkAction, note: string | null = null): Promise<CustomWork> {
    const row = await this.work.find(id);
    if (!row) throw notFound(NOT_FOUND_MESSAGE);
    const role = this.roleOf(actor, row);
    if (!role) throw notFound(NOT_FOUND_MESSAGE);
    await this.deps.inTransaction((trx, afterCommit) => this.stepIn(trx, afterCommit, id, action, role, note));
    return this.get(actor, id);
  }

  /**
   * One step of the state machine on the order's locked row: the new state written only over the
   * state it was read in, each milestone's change, the escrow's ledger entries, the history and the
   * other side's notices, all in the caller's transaction. Refunds the provider owes are made after it.
   */
  private async stepIn(
    trx: Kysely<Database>,
    afterCommit: AfterCommit,
    id: string,
    action: CustomWorkAction,
    role: CustomWorkRole | 'clock',
    note: string | null,
  ): Promise<void> {
    const repository = new CustomWorkRepository(trx);
    const row = await repository.lockedFind(id, this.deps.dialect === 'postgres');
    if (!row) throw notFound(NOT_FOUND_MESSAGE);
    const milestones = await repository.milestonesOf([id]);
    const before = stateOf(row, milestones);
    const now = this.deps.clock.now();
    const outcome = customWorkStep(before, action, role, now.getTime(), this.settingsOf(row));
    if (!outcome.ok) throw FORBIDDEN_MESSAGES.has(outcome.message) ? forbidden(outcome.message) : conflict(outcome.message);
    const after = outcome.state;
    const at = now.toISOString();
    const patch: Partial<CustomWorkRow> = {
      status: after.status,
      current_milestone: after.current,
      revisions_used: after.revisionsUsed,
      auto_release_at: after.autoReleaseAt === null ? null : new Date(after.autoReleaseAt).toISOString(),
      disputed_from: after.disputedFrom,
      updated_at: at,
    };
    // A new delivery starts its reminders again.
    if (action.type === 'deliver') patch.reminded_days = null;
    if (action.type === 'dispute') {
      patch.dispute_reason = note;
      patch.disputed_by = role === 'buyer' ? 'buyer' : 'seller';
      patch.disputed_at = at;
    }
    if (action.type === 'resolve') {
      const sellerCents = outcome.moves.filter((move) => move.kind === 'release').reduce((sum, move) => sum + move.cents, 0);
      const buyerCents = outcome.moves.filter((move) => move.kind === 'refund').reduce((sum, move) => sum + move.cents, 0);
      patch.resolution_outcome = action.outcome;
      patch.resolution_seller_cents = sellerCents;
      patch.resolution_buyer_cents = buyerCents;
      patch.resolution_note = note ?? '';
    }
    if (!(await repository.update(id, row.status, Number(row.current_milestone), patch))) throw conflict(CHANGED_MEANWHILE);
    for (const [position, milestone] of after.milestones.entries()) {
      const was = before.milestones[position];
      if (was?.status === milestone.status) continue;
      await repository.updateMilestone(id, position, {
        status: milestone.status,
        ...(milestone.status === 'funded' ? { funded_at: at } : { finished_at: at }),
      });
    }
    await this.moveMoney(trx, row, outcome.moves, afterCommit);
    await repository.addEvent({ id: newId(), custom_work_id: id, at, by: role, what: this.doneText(action, outcome.moves), note });
    const others = this.othersOf(row, role);
    const news = newsOf(action, after.status);
    if (news) await this.tell(trx, afterCommit, id, others, news, { mail: MAILED.has(news) });
  }

  private doneText(action: CustomWorkAction, moves: readonly EscrowMove[]): string {
    if (action.type !== 'resolve') return DONE[action.type];
    const released = moves.filter((move) => move.kind === 'release').reduce((sum, move) => sum + move.cents, 0);
    const refunded = moves.filter((move) => move.kind === 'refund').reduce((sum, move) => sum + move.cents, 0);
    return `Resolved the dispute: ${formatUsd(released)} to the seller, ${formatUsd(refunded)} back to the buyer`;
  }

  /** Everyone but the side that acted: the buyer, the seller, and for a dispute the admins too. */
  private othersOf(row: CustomWorkRow, role: CustomWorkRole | 'clock'): string[] {
    const sides = [row.buyer_id, row.seller_id];
    if (role === 'buyer') return [row.seller_id];
    if (role === 'seller') return [row.buyer_id];
    return sides;
  }

  /** The escrow's entries for each move, in the step's transaction; a refund is owed by the provider after it commits. */
  private async moveMoney(
    trx: Kysely<Database>,
    row: CustomWorkRow,
    moves: readonly EscrowMove[],
    afterCommit: AfterCommit,
  ): Promise<void> {
    if (moves.length === 0) return;
    const repository = new CustomWorkRepository(trx);
    for (const move of moves) {
      if (move.kind === 'fund') continue; // funded by the payment's recording, which posts it (`fundedIn`)
      const funding = await this.deps.orders.customWorkFunding(row.id, move.milestone, trx);
      if (!funding) throw conflict('The milestone was never paid');
      await this.deps.ledger.postEscrowMovement(trx, {
        kind: move.kind,
        customWorkId: row.id,
        lineId: funding.lineId,
        sellerId: row.seller_id,
        provider: funding.provider,
        cents: move.cents,
      });
      if (move.kind === 'refund') await repository.updateMilestone(row.id, move.milestone, { refund_cents: move.cents });
    }
    if (moves.some((move) => move.kind === 'refund')) afterCommit(() => this.makeOwedRefunds().then(() => undefined));
  }

  /** The checkout's question (docs/decisions/0013): the milestone this buyer may pay now. */
  async toFund(actor: SessionUser, id: string) {
    const row = await this.work.find(id);
    if (!row || this.roleOf(actor, row) === null) throw notFound(NOT_FOUND_MESSAGE);
    if (actor._id !== row.buyer_id) throw forbidden(CUSTOM_WORK_MESSAGES.onlyBuyer);
    if (row.status !== 'accepted') throw conflict(CUSTOM_WORK_MESSAGES.notNow(row.status));
    const [milestone] = (await this.work.milestonesOf([id])).filter((each) => each.position === Number(row.current_milestone));
    if (!milestone) throw conflict(CUSTOM_WORK_MESSAGES.notNow(row.status));
    return {
      productId: row.product_id,
      sellerId: row.seller_id,
      milestone: milestone.position,
      amountCents: Number(milestone.amount_cents),
    };
  }

  /** Inside the checkout's transaction: the order locked, and still waiting for this milestone's money. */
  async holdIn(trx: Kysely<Database>, id: string, milestone: number): Promise<void> {
    const row = await new CustomWorkRepository(trx).lockedFind(id, this.deps.dialect === 'postgres');
    if (!row || row.status !== 'accepted' || Number(row.current_milestone) !== milestone) {
      throw conflict(CUSTOM_WORK_MESSAGES.notNow(row?.status ?? 'cancelled'));
    }
  }

  /**
   * Inside the payment's recording (modules/purchases): the milestone's money into escrow and the
   * order funded. A payment for a milestone the order no longer waits for (cancelled meanwhile) is
   * still recorded in escrow and refunded at once, so no money is ever kept for nothing.
   */
  async fundedIn(
    trx: Kysely<Database>,
    afterCommit: AfterCommit,
    line: { customWorkId: string; milestone: number; lineId: string; provider: string; cents: number },
  ): Promise<void> {
    const repository = new CustomWorkRepository(trx);
    const row = await repository.lockedFind(line.customWorkId, this.deps.dialect === 'postgres');
    if (!row) throw notFound(NOT_FOUND_MESSAGE);
    await this.deps.ledger.postEscrowMovement(trx, {
      kind: 'fund',
      customWorkId: row.id,
      lineId: line.lineId,
      sellerId: row.seller_id,
      provider: line.provider,
      cents: line.cents,
    });
    const waiting = row.status === 'accepted' && Number(row.current_milestone) === line.milestone;
    if (waiting) {
      await this.stepIn(trx, afterCommit, row.id, { type: 'fund', cents: line.cents }, 'buyer', null);
      return;
    }
    this.deps.log.warn(
      { customWorkId: row.id, milestone: line.milestone, status: row.status },
      'custom work paid while not waiting for it: refunded',
    );
    await this.deps.ledger.postEscrowMovement(trx, {
      kind: 'refund',
      customWorkId: row.id,
      lineId: line.lineId,
      sellerId: row.seller_id,
      provider: line.provider,
      cents: line.cents,
    });
    await repository.updateMilestone(row.id, line.milestone, { refund_cents: line.cents });
    afterCommit(() => this.makeOwedRefunds().then(() => undefined));
  }

  /** POST deliver (multipart: `sourceCode` and `note`): the seller's archive, stored and then analysed. */
  async deliver(actor: SessionUser, id: string, parts: AsyncIterable<UploadPart> | null): Promise<CustomWork> {
    const row = await this.work.find(id);
    if (!row) throw notFound(NOT_FOUND_MESSAGE);
    const role = this.roleOf(actor, row);
    if (!role) throw notFound(NOT_FOUND_MESSAGE);
    // Refused before a byte of the archive is read.
    const check = customWorkStep(
      stateOf(row, await this.work.milestonesOf([id])),
      { type: 'deliver' },
      role,
      this.deps.clock.now().getTime(),
      this.settingsOf(row),
    );
    if (!check.ok) throw FORBIDDEN_MESSAGES.has(check.message) ? forbidden(check.message) : conflict(check.message);
    const upload = await readProductUpload(parts, this.deps.uploads, { images: 'refused' });
    try {
      if (!upload.sourceCode) throw badRequest('Attach the delivery as a .zip archive', 'sourceCode');
      const { note } = parseFormFields(customWorkDeliveryFieldsSchema, upload.fields);
      const archive = upload.sourceCode;
      await this.deps.inTransaction(async (trx, afterCommit) => {
        await this.stepIn(trx, afterCommit, id, { type: 'deliver' }, role, note || null);
        await new CustomWorkRepository(trx).addDelivery({
          id: newId(),
          custom_work_id: id,
          milestone: Number(row.current_milestone),
          note,
          file_key: archive.key,
          file_name: `delivery-${this.deps.clock.now().toISOString().slice(0, 10)}.zip`,
          size_bytes: archive.size,
          analysis_json: null,
          diff_json: null,
          refused_reason: null,
          analysed_at: null,
          created_at: this.deps.clock.now().toISOString(),
        });
        afterCommit(() => this.analyseWaiting().then(() => undefined));
      });
    } catch (error) {
      if (upload.sourceCode) await this.deps.uploads.discardSourceCode(upload.sourceCode);
      throw error;
    }
    return this.get(actor, id);
  }

  /** A delivery's archive for the buyer, the seller and the admins. */
  async openDelivery(actor: SessionUser, id: string, deliveryId: string): Promise<{ stream: Readable; fileName: string; size: number }> {
    const row = await this.work.find(id);
    if (!row || !this.roleOf(actor, row)) throw notFound(NOT_FOUND_MESSAGE);
    const delivery = await this.work.findDelivery(id, deliveryId);
    if (!delivery) throw notFound('Delivery not found');
    const stream = await this.deps.storage.get('private', delivery.file_key);
    return { stream, fileName: delivery.file_name, size: Number(delivery.size_bytes) };
  }

  /** Analyses the deliveries waiting for it, each under its own lease; answers how many it wrote. */
  async analyseWaiting(): Promise<number> {
    let written = 0;
    for (const delivery of await this.work.awaitingAnalysis(ROUND)) {
      const lease = `custom-work-delivery:${delivery.id}`;
      const now = this.deps.clock.now();
      if (!(await this.deps.leases.take(lease, this.holder, now.toISOString(), new Date(now.getTime() + DELIVERY_LEASE_MS).toISOString())))
        continue;
      try {
        const work = await this.work.find(delivery.custom_work_id);
        if (!work) continue;
        const result = await this.deps.analyse(work.product_id, { key: delivery.file_key, size: Number(delivery.size_bytes) });
        await this.work.saveAnalysis(delivery.id, storedAnalysis(result, this.deps.clock.now().toISOString()));
        written++;
      } catch (error) {
        this.deps.log.warn({ err: error, deliveryId: delivery.id }, 'delivery analysis failed; it is tried again on the next round');
      } finally {
        await this.deps.leases.release(lease, this.holder);
      }
    }
    return written;
  }

  /**
   * The clock's round: every delivery unanswered past its time is released, each in its own
   * transaction and guarded by its state, so two instances release it once; reminders go first.
   */
  async releaseDue(): Promise<number> {
    const at = this.deps.clock.now().toISOString();
    let released = 0;
    for (const row of await this.work.releasingBy(at, ROUND)) {
      try {
        await this.deps.inTransaction((trx, afterCommit) => this.stepIn(trx, afterCommit, row.id, { type: 'autoRelease' }, 'clock', null));
        released++;
      } catch (error) {
        // Another instance released it, or the buyer answered meanwhile.
        if (!(error instanceof Error && 'statusCode' in error && error.statusCode === 409)) throw error;
      }
    }
    return released;
  }

  /** Reminders of an automatic release, 3 days and 1 day before it, each sent once across instances. */
  async remindDue(): Promise<number> {
    const now = this.deps.clock.now().getTime();
    const horizon = new Date(now + Math.max(...CUSTOM_WORK_REMINDER_DAYS) * DAY_MS).toISOString();
    let sent = 0;
    for (const row of await this.work.releasingBy(horizon, ROUND)) {
      if (row.auto_release_at === null) continue;
      const left = Date.parse(row.auto_release_at) - now;
      const days = Math.min(...CUSTOM_WORK_REMINDER_DAYS.filter((each) => left <= each * DAY_MS));
      if (!Number.isFinite(days) || left <= 0) continue;
      await this.deps.inTransaction(async (trx, afterCommit) => {
        if (!(await new CustomWorkRepository(trx).markReminded(row.id, row.auto_release_at!, days))) return;
        await this.tell(trx, afterCommit, row.id, [row.buyer_id], days === 1 ? 'releasesTomorrow' : 'releasesSoon', { mail: true });
        sent++;
      });
    }
    return sent;
  }

  /**
   * The refunds the ledger has claimed and the provider has not made: each asked of the provider
   * with the milestone's idempotency key, so a retry, a second instance or a crash never refunds twice.
   */
  async makeOwedRefunds(): Promise<number> {
    let made = 0;
    for (const milestone of await this.work.refundsOwed(ROUND)) {
      const funding = await this.deps.orders.customWorkFunding(milestone.custom_work_id, milestone.position);
      if (!funding) continue;
      try {
        const refund = await this.deps.refund(
          funding.intentId,
          Number(milestone.refund_cents),
          refundKeyOf(milestone.custom_work_id, Number(milestone.position)),
          { customWorkId: milestone.custom_work_id, milestone: String(milestone.position) },
        );
        await this.work.updateMilestone(milestone.custom_work_id, milestone.position, { provider_refund_id: refund.id });
        made++;
      } catch (error) {
        this.deps.log.error(
          { err: error, customWorkId: milestone.custom_work_id },
          'custom work refund failed; it is tried again on the next round',
        );
      }
    }
    return made;
  }

  private async tell(
    trx: Kysely<Database>,
    afterCommit: AfterCommit,
    id: string,
    userIds: readonly string[],
    news: CustomWorkNews,
    { mail }: { mail: boolean },
  ): Promise<void> {
    const repository = new CustomWorkRepository(trx);
    const row = await repository.find(id);
    if (!row) return;
    const product = titlesByProduct(await repository.titlesOf([row.product_id])).get(row.product_id) ?? 'a product';
    const recipients = news === 'disputed' ? [...userIds, ...(await repository.admins()).map((admin) => admin.id)] : userIds;
    await this.deps.notifications.queue(
      trx,
      afterCommit,
      [...new Set(recipients)].map((userId) => ({ userId, notice: customWorkNotice(news, { id, product, row }) })),
    );
    if (!mail) return;
    const people = await Promise.all(userIds.map((userId) => repository.user(userId)));
    await this.deps.mail.queue(
      trx,
      afterCommit,
      people.flatMap((person) => (person ? [customWorkMail(person, news, { id, product, row }, this.deps.publicUrl)] : [])),
    );
  }

  /**
   * For the comparison with the provider (docs/decisions/0013): the refund of the milestone each
   * funding line paid, by line, as the provider knows it: its refund's id once made, else the
   * idempotency key `makeOwedRefunds` will ask with, so a refund still owed is named the same way.
   */
  async refundsOfFundingLines(lineIds: readonly string[]): Promise<Map<string, CustomWorkRefund>> {
    const lines = await this.deps.orders.customWorkOfLines(lineIds);
    const refunds = new Map(
      (await this.work.refundsOfMilestones(lines)).map((row) => [`${row.custom_work_id}-${Number(row.position)}`, row.provider_refund_id]),
    );
    return new Map(
      lines.map((line) => [
        line.lineId,
        {
          providerRefundId: refunds.get(`${line.customWorkId}-${line.milestone}`) ?? null,
          idempotencyKey: refundKeyOf(line.customWorkId, line.milestone),
        },
      ]),
    );
  }
}

/** A milestone's refund as the provider knows it: by its id once made, by its idempotency key before. */
export interface CustomWorkRefund {
  providerRefundId: string | null;
  idempotencyKey: string;
}

/** Which news each step is for the other side; none for a step nobody needs telling of. */
function newsOf(action: CustomWorkAction, status: CustomWorkRow['status']): CustomWorkNews | null {
  switch (action.type) {
    case 'accept':
      return 'accepted';
    case 'fund':
      return 'funded';
    case 'deliver':
      return 'delivered';
    case 'requestChanges':
      return 'changesRequested';
    case 'acceptDelivery':
    case 'autoRelease':
      return status === 'released' ? 'released' : 'milestoneReleased';
    case 'cancel':
      return 'cancelled';
    case 'dispute':
      return 'disputed';
    case 'resolve':
      return 'resolved';
  }
}

const MAILED: ReadonlySet<CustomWorkNews> = new Set(['delivered', 'released', 'milestoneReleased', 'disputed', 'resolved', 'cancelled']);

function storedAnalysis(result: DeliveryAnalysis, at: string) {
  if (result.status === 'refused') return { analysis_json: null, diff_json: null, refused_reason: result.reason, analysed_at: at };
  const { analysis, difference } = result;
  return {
    analysis_json: JSON.stringify({
      engines: analysis.engines.map((engine) => ({ engine: engine.engine, version: engine.version })),
      languages: analysis.languages.map((language) => ({ name: language.name, percent: language.percent })),
      files: analysis.files.count,
      totalBytes: analysis.files.totalBytes,
      warnings: analysis.warnings.map((warning) => `${warning.path}: ${warning.detail}`),
    } satisfies NonNullable<CustomWorkDelivery['analysis']>),
    diff_json: difference
      ? JSON.stringify({
          releaseVersion: difference.releaseVersion,
          added: difference.added.slice(0, LISTED_PATHS),
          removed: difference.removed.slice(0, LISTED_PATHS),
          changed: difference.changed.slice(0, LISTED_PATHS),
          unchanged: difference.unchanged,
          counts: { added: difference.added.length, removed: difference.removed.length, changed: difference.changed.length },
        } satisfies NonNullable<CustomWorkDelivery['diff']>)
      : null,
    refused_reason: null,
    analysed_at: at,
  };
}

/** Each product's title as it is shown (English, or its first language), from its translation rows. */
function titlesByProduct(rows: ReadonlyArray<{ product_id: string; language: string; title: string }>): Map<string, string> {
  const byProduct = new Map<string, Record<string, string>>();
  for (const row of rows) byProduct.set(row.product_id, { ...byProduct.get(row.product_id), [row.language]: row.title });
  return new Map([...byProduct].map(([productId, titles]) => [productId, productTitle(titles)]));
}

function deliveryView(row: DeliveryRow): CustomWorkDelivery {
  return {
    _id: row.id,
    milestone: Number(row.milestone),
    note: row.note,
    fileName: row.file_name,
    sizeBytes: Number(row.size_bytes),
    createdAt: row.created_at,
    analysis: row.analysis_json ? (JSON.parse(row.analysis_json) as CustomWorkDelivery['analysis']) : null,
    diff: row.diff_json ? (JSON.parse(row.diff_json) as CustomWorkDelivery['diff']) : null,
    refused: row.refused_reason,
  };
}

function evidenceView(row: EvidenceRow) {
  return {
    _id: row.id,
    by: row.by,
    author: row.author_name,
    message: row.message,
    file:
      row.file_key && row.file_name
        ? { name: row.file_name, sizeBytes: Number(row.size_bytes ?? 0), contentType: row.content_type ?? 'application/octet-stream' }
        : null,
    createdAt: row.created_at,
  };
}

function reviewView(row: ReviewRow) {
  return {
    rating: Number(row.rating),
    text: row.text,
    reviewer: { name: row.reviewer_name },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
