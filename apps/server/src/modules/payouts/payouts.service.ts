import {
  formatUsd,
  HOLD_REASON_LABELS,
  type HoldReasonCode,
  type OpenHold,
  type PayoutAccount,
  type PayoutHold,
  type PayoutStatus,
  type PlaceHoldBody,
  type SessionUser,
} from '@market/contracts';
import type { Kysely } from 'kysely';
import type { AfterCommit, InTransaction } from '../../db/index.js';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../platform/clock.js';
import { DAY_MS } from '../../platform/clock.js';
import type { PayoutsConfig } from '../../platform/config.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import type { MailOutbox } from '../../platform/mail/index.js';
import { type LedgerService, maturingAccount, sellerAccount } from '../ledger/index.js';
import type { NotificationsService } from '../notifications/index.js';
import { holdNotices, holdPlacedMail, holdReleasedMail } from './hold-notices.js';
import { type HoldRow, HoldsRepository, type HoldWithPeopleRow } from './holds.repository.js';
import { managesHolds } from './policies.js';

/** Below this many sold lines a refund rate says little (one refund of a first sale is 100%): the rule waits. */
export const REFUND_RATE_MIN_SALES = 5;
/** A rule's hold is reviewed this many days after it is placed. */
export const RULE_HOLD_REVIEW_DAYS = 7;

/** What the first-sale rule tells the seller: nothing to do, a person looks at the first payout. */
export const FIRST_SALE_NEEDED =
  "Congratulations on your first sale! We look at every seller's first payout before it is sent: nothing is needed from you unless we write. Check that your product page and your Stripe details are right.";

/** What the chargeback rule tells the seller: the bank rules, a win releases the hold on its own. */
export const chargebackNeeded = (amountCents: number) =>
  `A buyer's bank disputes ${formatUsd(amountCents)} of your sales. Your payouts wait until the bank rules; if it rules for you, this hold is released on its own. Reply through the contact page with anything that shows the sale was genuine.`;

/** The note kept with a chargeback hold the rule released. */
export const CHARGEBACK_WON_NOTE = 'The bank ruled for you on the dispute.';

/** A seller's sold and refunded licence lines, as the refunds module counts them inside its transaction. */
export interface RefundShare {
  sellerId: string;
  soldLines: number;
  refundedLines: number;
}

export interface PayoutsServiceDependencies {
  db: Kysely<Database>;
  inTransaction: InTransaction;
  clock: Clock;
  ledger: Pick<LedgerService, 'balanceOf' | 'lockedBalanceOf' | 'maturingScheduleOf'>;
  /** The seller's Stripe account as stored (the connect module's), or null before onboarding began. */
  accountOf: (sellerId: string) => Promise<Pick<PayoutAccount, 'state' | 'requirementsDue' | 'disabledReason'> | null>;
  mail: Pick<MailOutbox, 'queue'>;
  notifications: Pick<NotificationsService, 'queue'>;
  config: Pick<PayoutsConfig, 'mode' | 'holdDays' | 'holdRefundRate'>;
  publicUrl: string;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

const toOpenHold = (row: HoldRow): OpenHold => ({
  _id: row.id,
  reasonCode: row.reason_code,
  reason: HOLD_REASON_LABELS[row.reason_code],
  needed: row.needed,
  reviewBy: row.review_by,
  createdAt: row.created_at,
});

const toHold = (row: HoldWithPeopleRow): PayoutHold => ({
  ...toOpenHold(row),
  sellerId: row.seller_id,
  heldBy: row.held_by ? { _id: row.held_by, name: row.held_by_name ?? '' } : null,
  releasedAt: row.released_at,
  releasedBy: row.released_by ? { _id: row.released_by, name: row.released_by_name ?? '' } : null,
  releaseNote: row.release_note,
});

/**
 * Sellers' payouts (docs/decisions/0012): holds with their reasons, placed by an admin or a rule,
 * released by an admin, never deleted; while one is open, withdrawals and transfers are refused with
 * its reason and review date. A hold never moves money.
 */
export class PayoutsService {
  private readonly holds: HoldsRepository;
  private readonly inTransaction: InTransaction;
  private readonly clock: Clock;
  private readonly ledger: PayoutsServiceDependencies['ledger'];
  private readonly mail: PayoutsServiceDependencies['mail'];
  private readonly notifications: PayoutsServiceDependencies['notifications'];
  private readonly config: PayoutsServiceDependencies['config'];
  private readonly publicUrl: string;
  private readonly accountOf: PayoutsServiceDependencies['accountOf'];

  constructor({ db, inTransaction, clock, ledger, mail, notifications, config, publicUrl, accountOf }: PayoutsServiceDependencies) {
    this.accountOf = accountOf;
    this.holds = new HoldsRepository(db);
    this.inTransaction = inTransaction;
    this.clock = clock;
    this.ledger = ledger;
    this.mail = mail;
    this.notifications = notifications;
    this.config = config;
    this.publicUrl = publicUrl;
  }

  /** An admin holds a seller's payouts: why, what the seller must do, and when it is reviewed (a day after today). */
  async place(actor: SessionUser, { sellerId, reasonCode, needed, reviewBy }: PlaceHoldBody): Promise<PayoutHold> {
    if (!managesHolds(actor)) throw forbidden('Only an admin can hold payouts');
    if (reviewBy <= dayOf(this.clock.now())) throw badRequest('The review date must be after today', 'reviewBy');
    const seller = await this.holds.personOf(sellerId);
    if (!seller) throw notFound('No such seller');
    const row = await this.inTransaction((trx, afterCommit) =>
      this.placeIn(trx, afterCommit, seller, { reasonCode, needed, reviewBy, heldBy: actor._id }),
    );
    return toHold({ ...row, held_by_name: actor.name, released_by_name: null });
  }

  /** Releases an open hold, with an optional note; the row stays as history. */
  async release(actor: SessionUser, id: string, note: string | undefined): Promise<PayoutHold> {
    if (!managesHolds(actor)) throw forbidden('Only an admin can release a hold');
    const hold = await this.holds.findById(id);
    if (!hold) throw notFound('Hold not found');
    if (hold.released_at !== null) throw conflict('This hold has already been released');
    const releaseNote = note ? note : null;
    const released = await this.inTransaction((trx, afterCommit) => this.releaseIn(trx, afterCommit, hold, actor._id, releaseNote));
    if (!released) throw conflict('This hold has already been released');
    return toHold((await this.holds.findWithPeople(id))!);
  }

  /** A seller's holds, open and released, newest first (the admin's seller page). */
  async list(actor: SessionUser, sellerId: string): Promise<PayoutHold[]> {
    if (!managesHolds(actor)) throw forbidden("Only an admin can see a seller's holds");
    if (!(await this.holds.personOf(sellerId))) throw notFound('No such seller');
    return (await this.holds.listOf(sellerId)).map(toHold);
  }

  /**
   * The signed-in seller's payouts: the mode, what is available (the seller account's kept balance,
   * docs/decisions/0008, never summed here) and the open holds.
   */
  async status(actor: SessionUser): Promise<PayoutStatus> {
    const [availableCents, maturingCents, maturing, open, account] = await Promise.all([
      this.ledger.balanceOf(sellerAccount(actor._id)),
      this.ledger.balanceOf(maturingAccount(actor._id)),
      this.ledger.maturingScheduleOf(actor._id),
      this.holds.openOf(actor._id),
      this.config.mode === 'connect' ? this.accountOf(actor._id) : Promise.resolve(null),
    ]);
    return {
      mode: this.config.mode,
      availableCents,
      maturingCents,
      maturing: maturing.map(({ day, cents }) => ({ cents, availableOn: day })),
      holds: open.map(toOpenHold),
      account: account && { state: account.state, requirementsDue: account.requirementsDue, disabledReason: account.disabledReason },
    };
  }

  /**
   * The seller's open hold that keeps payouts waiting longest, or null: asked inside a withdrawal's or
   * payout's transaction, after it took the seller's balance lock (a hold placed takes it too).
   */
  async openHoldOf(trx: Kysely<Database>, sellerId: string): Promise<OpenHold | null> {
    const [hold] = await new HoldsRepository(trx).openOf(sellerId);
    return hold ? toOpenHold(hold) : null;
  }

  /**
   * The refund-rate rule (docs/decisions/0012 "Holds"), inside the transaction that recorded a
   * refund: once the seller has sold REFUND_RATE_MIN_SALES lines and more than `HOLD_REFUND_RATE`
   * of them are refunded, their payouts are held for review, once while such a hold is open.
   */
  async refundRecordedIn(
    trx: Kysely<Database>,
    afterCommit: AfterCommit,
    { sellerId, soldLines, refundedLines }: RefundShare,
  ): Promise<boolean> {
    if (soldLines < REFUND_RATE_MIN_SALES || refundedLines / soldLines <= this.config.holdRefundRate) return false;
    const holds = new HoldsRepository(trx);
    // The seller's balance lock: two refunds recorded at once place one hold.
    await this.ledger.lockedBalanceOf(trx, sellerAccount(sellerId));
    if ((await holds.openOf(sellerId)).some((hold) => hold.reason_code === 'refund_rate')) return false;
    const seller = await holds.personOf(sellerId);
    if (!seller) return false;
    const percent = Math.round((refundedLines / soldLines) * 100);
    await this.placeIn(trx, afterCommit, seller, {
      reasonCode: 'refund_rate',
      needed: `${percent}% of your sales (${refundedLines} of ${soldLines}) were refunded. We are reviewing your products; reply through the contact page with anything we should know.`,
      reviewBy: dayOf(new Date(this.clock.now().getTime() + RULE_HOLD_REVIEW_DAYS * DAY_MS)),
      heldBy: null,
    });
    return true;
  }

  /**
   * The first-sale rule (docs/decisions/0012 "Holds"), inside the transaction that recorded the
   * seller's first ever sale: with payouts through Connect the first transfer waits for a person's
   * look, reviewed the day that sale's refund window ends (`paid_at + PAYOUT_HOLD_DAYS`, its
   * maturity), before anything of it can be sent. Manual mode places none: there an admin pays every
   * withdrawal by hand, so each is looked at already, as docs/product-spec.md has it. Once per seller.
   */
  async firstSaleRecordedIn(
    trx: Kysely<Database>,
    afterCommit: AfterCommit,
    { sellerId, paidAt }: { sellerId: string; paidAt: string },
  ): Promise<boolean> {
    if (this.config.mode !== 'connect') return false;
    const holds = new HoldsRepository(trx);
    await this.ledger.lockedBalanceOf(trx, sellerAccount(sellerId));
    // Once per seller, released or not: a first sale refunded leaves the next sale no "first".
    if (await holds.everHeldFor(sellerId, 'first_sale')) return false;
    const seller = await holds.personOf(sellerId);
    if (!seller) return false;
    await this.placeIn(trx, afterCommit, seller, {
      reasonCode: 'first_sale',
      needed: FIRST_SALE_NEEDED,
      reviewBy: dayOf(new Date(new Date(paidAt).getTime() + this.config.holdDays * DAY_MS)),
      heldBy: null,
    });
    return true;
  }

  /**
   * The chargeback rule (docs/decisions/0012 "Holds"), inside the transaction that recorded a
   * dispute opening on the seller's lines (`amountCents` of theirs), in either payout mode: payouts
   * wait until the bank rules, reviewed RULE_HOLD_REVIEW_DAYS on. Once while a chargeback hold is open.
   */
  async disputeOpenedIn(
    trx: Kysely<Database>,
    afterCommit: AfterCommit,
    { sellerId, amountCents }: { sellerId: string; amountCents: number },
  ): Promise<boolean> {
    const holds = new HoldsRepository(trx);
    await this.ledger.lockedBalanceOf(trx, sellerAccount(sellerId));
    if ((await holds.openOf(sellerId)).some((hold) => hold.reason_code === 'chargeback')) return false;
    const seller = await holds.personOf(sellerId);
    if (!seller) return false;
    await this.placeIn(trx, afterCommit, seller, {
      reasonCode: 'chargeback',
      needed: chargebackNeeded(amountCents),
      reviewBy: dayOf(new Date(this.clock.now().getTime() + RULE_HOLD_REVIEW_DAYS * DAY_MS)),
      heldBy: null,
    });
    return true;
  }

  /**
   * A dispute on the seller's lines was won, inside the transaction that closed it: the chargeback
   * rule's open hold is released, with the seller told, unless `stillDisputed(since)` says another
   * dispute of theirs is open or was lost since the hold was placed (a person looks at that). A hold
   * an admin placed for a chargeback stays the admin's to release.
   */
  async disputeWonIn(
    trx: Kysely<Database>,
    afterCommit: AfterCommit,
    sellerId: string,
    stillDisputed: (since: string) => Promise<boolean>,
  ): Promise<boolean> {
    await this.ledger.lockedBalanceOf(trx, sellerAccount(sellerId));
    const hold = (await new HoldsRepository(trx).openOf(sellerId)).find(
      (open) => open.reason_code === 'chargeback' && open.held_by === null,
    );
    if (!hold || (await stillDisputed(hold.created_at))) return false;
    return this.releaseIn(trx, afterCommit, hold, null, CHARGEBACK_WON_NOTE);
  }

  /** Releases the hold, by an admin or (`by` null) a rule, and tells the seller; false when it was released already. */
  private async releaseIn(
    trx: Kysely<Database>,
    afterCommit: AfterCommit,
    hold: HoldRow,
    by: string | null,
    note: string | null,
  ): Promise<boolean> {
    const holds = new HoldsRepository(trx);
    if (!(await holds.release(hold.id, by, this.clock.now().toISOString(), note))) return false;
    const seller = await holds.personOf(hold.seller_id);
    if (seller) {
      await this.notifications.queue(trx, afterCommit, [
        { userId: seller.id, notice: holdNotices.released({ reasonCode: hold.reason_code }) },
      ]);
      await this.mail.queue(trx, afterCommit, [holdReleasedMail(seller, { reasonCode: hold.reason_code }, note, this.publicUrl)]);
    }
    return true;
  }

  /** The hold's row, the seller's notice and mail, in the caller's unit of work; it waits on the seller's balance lock. */
  private async placeIn(
    trx: Kysely<Database>,
    afterCommit: AfterCommit,
    seller: { id: string; name: string; email: string },
    hold: { reasonCode: HoldReasonCode; needed: string; reviewBy: string; heldBy: string | null },
  ): Promise<HoldRow> {
    await this.ledger.lockedBalanceOf(trx, sellerAccount(seller.id));
    const row: HoldRow = {
      id: newId(),
      seller_id: seller.id,
      reason_code: hold.reasonCode,
      needed: hold.needed,
      review_by: hold.reviewBy,
      held_by: hold.heldBy,
      created_at: this.clock.now().toISOString(),
      released_at: null,
      released_by: null,
      release_note: null,
    };
    await new HoldsRepository(trx).insert(row);
    await this.notifications.queue(trx, afterCommit, [{ userId: seller.id, notice: holdNotices.placed(hold) }]);
    await this.mail.queue(trx, afterCommit, [holdPlacedMail(seller, hold, this.publicUrl)]);
    return row;
  }
}
