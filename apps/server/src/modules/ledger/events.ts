import { payoutAfterFee } from '@market/contracts';
import { type LedgerAccount, providerAccount, reskinAccount, sellerAccount } from './accounts.js';
import type { LedgerTransaction, Posting } from './ledger.service.js';

/** What each business event writes (docs/decisions/0008, "Entries"): the one place those rules live. */

const FEES: LedgerAccount = 'platform:fees';
const PAYOUTS_PENDING: LedgerAccount = 'payouts:pending';
const PAYOUTS_PAID: LedgerAccount = 'payouts:paypal';
const RESKIN_RECEIVABLE: LedgerAccount = 'receivable:reskin';

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
  /** The reskin price quoted with the line; the cart total does not charge it (docs/product-spec.md §9). */
  reskinCents: number;
}

/** A sold line: the seller earns what the buyer paid, held by the provider; a quoted reskin beside it. Null when nothing moved. */
export function saleOf(line: SoldLine): LedgerTransaction | null {
  const postings = [
    ...move(providerAccount(line.provider), sellerAccount(line.sellerId), line.paidCents),
    ...move(RESKIN_RECEIVABLE, reskinAccount(line.sellerId), line.reskinCents),
  ];
  return postings.length ? { kind: 'sale', postings, links: { orderLineId: line.lineId } } : null;
}

export interface RefundedLine {
  refundId: string;
  lineId: string;
  sellerId: string;
  provider: string;
  amountCents: number;
}

/** A refund: the seller gives back what the line earned, to the provider that returns it to the buyer. */
export function refundOf(refund: RefundedLine): LedgerTransaction | null {
  const postings = move(sellerAccount(refund.sellerId), providerAccount(refund.provider), refund.amountCents);
  return postings.length ? { kind: 'refund', postings, links: { orderLineId: refund.lineId, refundId: refund.refundId } } : null;
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
