import { payoutAfterFee } from '@market/contracts';
import { escrowAccount, type LedgerAccount, maturingAccount, providerAccount, reskinAccount, sellerAccount } from './accounts.js';
import type { LedgerTransaction, Posting } from './ledger.service.js';

/** What each business event writes (docs/decisions/0008, "Entries"): the one place those rules live. */

const FEES: LedgerAccount = 'platform:fees';
/** What the platform's own discount codes cost it (docs/decisions/0009 "Platform codes"): negative, the platform pays. */
const PROMOTIONS: LedgerAccount = 'platform:promotions';
const PAYOUTS_PENDING: LedgerAccount = 'payouts:pending';
const PAYOUTS_PAID: LedgerAccount = 'payouts:paypal';
/** Payouts through Connect claimed and not yet sent by Stripe (docs/decisions/0012, "A payout"). */
const PAYOUTS_CONNECT: LedgerAccount = 'payouts:connect';
const RESKIN_RECEIVABLE: LedgerAccount = 'receivable:reskin';
/** What a cardholder's bank has disputed and not ruled on: off the seller, not yet anybody's (docs/decisions/0012, "Disputes"). */
const DISPUTES_OPEN: LedgerAccount = 'disputes:open';

/** A move of `cents` from one account to another; nothing when there is nothing to move. */
const move = (from: LedgerAccount, to: LedgerAccount, cents: number): Posting[] =>
  cents === 0
    ? []
    : [
        { account: from, amountCents: -cents },
        { account: to, amountCents: cents },
      ];

export interface SoldLine {
  lineId: string;
  /** The product's seller at the moment of the sale. */
  sellerId: string;
  /** Who holds the buyer's money: the payment's provider. */
  provider: string;
  paidCents: number;
  /** What a platform code took off the line: the platform pays it to the seller. None when absent. */
  platformDiscountCents?: number;
  /** The reskin price quoted with the line; the cart total does not charge it (docs/product-spec.md §9). */
  reskinCents: number;
  /**
   * Payouts through Connect: when the refund window ends and the line's earnings may be paid out; until
   * then they wait on the seller's `maturing:` account (docs/decisions/0012). None: available at once.
   */
  maturesAt?: string | null;
}

/**
 * A sold line: the seller earns what the buyer paid, held by the provider, and what a platform code
 * took off, paid by the platform's promotions; a quoted reskin beside it. Null when nothing moved.
 */
export function saleOf(line: SoldLine): LedgerTransaction | null {
  const earnings = line.maturesAt ? maturingAccount(line.sellerId) : sellerAccount(line.sellerId);
  const postings = [
    ...move(providerAccount(line.provider), earnings, line.paidCents),
    ...move(PROMOTIONS, earnings, line.platformDiscountCents ?? 0),
    ...move(RESKIN_RECEIVABLE, reskinAccount(line.sellerId), line.reskinCents),
  ];
  if (!postings.length) return null;
  return { kind: 'sale', postings, links: { orderLineId: line.lineId }, ...(line.maturesAt ? { maturesAt: line.maturesAt } : {}) };
}

export interface RefundedLine {
  refundId: string;
  lineId: string;
  sellerId: string;
  provider: string;
  /** What the buyer gets back: what the line paid. */
  amountCents: number;
  /** What a platform code took off the line, which the seller earned from the platform. None when absent. */
  platformDiscountCents?: number;
  /** What of the line's earnings still waits on the seller's `maturing:` account; taken back first. None when absent. */
  maturingCents?: number;
}

/**
 * A refund: the seller gives back what the line earned, the buyer's part to the provider that returns
 * it to the buyer and a platform code's part to the platform's promotions; out of what still matures
 * first, the rest out of the seller's balance (which may go below zero).
 */
export function refundOf(refund: RefundedLine): LedgerTransaction | null {
  const platformCents = refund.platformDiscountCents ?? 0;
  const postings = [
    ...earningsTakenBack(refund.sellerId, refund.amountCents + platformCents, refund.maturingCents),
    { account: providerAccount(refund.provider), amountCents: refund.amountCents },
    { account: PROMOTIONS, amountCents: platformCents },
  ].filter((posting) => posting.amountCents !== 0);
  return postings.length ? { kind: 'refund', postings, links: { orderLineId: refund.lineId, refundId: refund.refundId } } : null;
}

/**
 * `cents` of a line's earnings leaving its seller: first what of the line still waits on `maturing:`,
 * the rest out of the seller's balance (which may go below zero). The other side is the caller's.
 */
function earningsTakenBack(sellerId: string, cents: number, maturingCents = 0): Posting[] {
  const fromMaturing = Math.min(maturingCents, cents);
  return [
    { account: maturingAccount(sellerId), amountCents: -fromMaturing },
    { account: sellerAccount(sellerId), amountCents: -(cents - fromMaturing) },
  ];
}

/** One order line's part of a dispute (docs/decisions/0012, "Disputes"). */
export interface DisputedLine {
  /** The dispute's row (modules/payments), which its entries name. */
  disputeId: string;
  lineId: string;
  sellerId: string;
  provider: string;
  /** The part of the disputed amount spread onto this line. */
  cents: number;
  currency: string;
  /** What of the line's earnings still waits on the seller's `maturing:` account; taken first. None when absent. */
  maturingCents?: number;
  /**
   * A platform code's part of the disputed cents (what the platform paid the seller for them): a lost
   * dispute gives it back to the platform's promotions, as a refund does. None when absent.
   */
  platformCents?: number;
}

/**
 * A dispute opened: the line's disputed cents leave the seller, out of what still matures first, the
 * rest out of the seller's balance (which may go below zero), and wait on `disputes:open`.
 */
export function disputeOpenedOf(line: DisputedLine): LedgerTransaction | null {
  const postings = [
    ...earningsTakenBack(line.sellerId, line.cents, line.maturingCents),
    { account: DISPUTES_OPEN, amountCents: line.cents },
  ].filter((posting) => posting.amountCents !== 0);
  return postings.length
    ? { kind: 'dispute', postings, currency: line.currency, links: { orderLineId: line.lineId, disputeId: line.disputeId } }
    : null;
}

/**
 * A dispute closed: won, the cents go back to the seller's balance; lost, to the provider's account,
 * since the cardholder has them (it rises toward zero, as with a refund).
 */
export function disputeClosedOf(line: DisputedLine, outcome: 'won' | 'lost'): LedgerTransaction | null {
  const to = outcome === 'won' ? sellerAccount(line.sellerId) : providerAccount(line.provider);
  const platformCents = outcome === 'lost' ? (line.platformCents ?? 0) : 0;
  const postings = [
    ...move(DISPUTES_OPEN, to, line.cents),
    ...earningsTakenBack(line.sellerId, platformCents, line.maturingCents),
    { account: PROMOTIONS, amountCents: platformCents },
  ].filter((posting) => posting.amountCents !== 0);
  return postings.length
    ? { kind: 'dispute', postings, currency: line.currency, links: { orderLineId: line.lineId, disputeId: line.disputeId } }
    : null;
}

/** The refund window of a line has passed: what still waits of its earnings becomes the seller's to pay out. */
export function maturityOf(lineId: string, sellerId: string, cents: number, currency: string): LedgerTransaction | null {
  const postings = move(maturingAccount(sellerId), sellerAccount(sellerId), cents);
  return postings.length ? { kind: 'maturity', postings, currency, links: { orderLineId: lineId } } : null;
}

/** A withdrawal request takes the amount off the seller at once: the payout after the 8% fee waits, the fee is the platform's. */
export function withdrawalRequestOf(withdrawalId: string, sellerId: string, amountCents: number): LedgerTransaction {
  const payout = payoutAfterFee(amountCents);
  return {
    kind: 'withdrawal',
    postings: [
      { account: sellerAccount(sellerId), amountCents: -amountCents },
      { account: PAYOUTS_PENDING, amountCents: payout },
      { account: FEES, amountCents: amountCents - payout },
    ],
    links: { withdrawalId },
  };
}

/** An admin paid the withdrawal out through PayPal; null when the fee took it all (a cent or two). */
export function withdrawalPaidOf(withdrawalId: string, amountCents: number): LedgerTransaction | null {
  const postings = move(PAYOUTS_PENDING, PAYOUTS_PAID, payoutAfterFee(amountCents));
  return postings.length ? { kind: 'payout', postings, links: { withdrawalId } } : null;
}

/**
 * A payout through Connect, claimed: as a withdrawal request, the amount leaves the seller's balance at
 * once, the fee is the platform's and the rest waits to be sent. Its entries carry the payout as their
 * withdrawal, so the seller's figures count it as withdrawn.
 */
export function connectPayoutClaimOf(payoutId: string, sellerId: string, amountCents: number): LedgerTransaction {
  const payout = payoutAfterFee(amountCents);
  return {
    kind: 'withdrawal',
    postings: [
      { account: sellerAccount(sellerId), amountCents: -amountCents },
      { account: PAYOUTS_CONNECT, amountCents: payout },
      { account: FEES, amountCents: amountCents - payout },
    ],
    links: { withdrawalId: payoutId },
  };
}

/** Stripe sent the payout to the seller's account: the money left the platform's Stripe balance. Null when the fee took it all. */
export function connectPayoutSentOf(payoutId: string, amountCents: number, provider: string): LedgerTransaction | null {
  const postings = move(PAYOUTS_CONNECT, providerAccount(provider), payoutAfterFee(amountCents));
  return postings.length ? { kind: 'payout', postings, links: { withdrawalId: payoutId } } : null;
}

/**
 * Part of a sent payout taken back after refunds left the seller below zero: the seller gets back
 * `grossCents`, `netCents` of it from their Stripe account (a transfer reversal, back in the
 * platform's Stripe balance) and the rest from the platform's fee.
 */
export function connectPayoutReversedOf(
  payoutId: string,
  sellerId: string,
  grossCents: number,
  netCents: number,
  provider: string,
): LedgerTransaction {
  return {
    kind: 'payout',
    postings: [
      { account: sellerAccount(sellerId), amountCents: grossCents },
      { account: providerAccount(provider), amountCents: -netCents },
      { account: FEES, amountCents: -(grossCents - netCents) },
    ].filter((posting) => posting.amountCents !== 0),
    links: { withdrawalId: payoutId },
  };
}

/** Money moving through a custom work order's escrow (docs/decisions/0013). */
export interface EscrowMovement {
  kind: 'fund' | 'release' | 'refund';
  customWorkId: string;
  /** The order line that funded the milestone: the sale-like link every entry of it keeps. */
  lineId: string;
  sellerId: string;
  /** Who holds the buyer's money: the funding payment's provider. */
  provider: string;
  cents: number;
  /** A release in connect mode: when the seller's earnings may be paid out (docs/decisions/0012); none otherwise. */
  maturesAt?: string | null;
}

/**
 * Funding puts the buyer's money, held by the provider, in the order's escrow; a release moves it
 * to the seller as a sale's earnings; a refund gives it back to the provider, which returns it.
 */
export function escrowMovementOf(movement: EscrowMovement): LedgerTransaction | null {
  const escrow = escrowAccount(movement.customWorkId);
  const provider = providerAccount(movement.provider);
  const earnings = movement.maturesAt ? maturingAccount(movement.sellerId) : sellerAccount(movement.sellerId);
  const postings =
    movement.kind === 'fund'
      ? move(provider, escrow, movement.cents)
      : movement.kind === 'release'
        ? move(escrow, earnings, movement.cents)
        : move(escrow, provider, movement.cents);
  if (!postings.length) return null;
  return {
    kind: 'custom_work',
    postings,
    links: { orderLineId: movement.lineId },
    ...(movement.kind === 'release' && movement.maturesAt ? { maturesAt: movement.maturesAt } : {}),
  };
}
