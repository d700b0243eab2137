import { HOUR_MS } from '../../platform/clock.js';
import type { PaymentProvider, ProviderMovement } from '../../platform/payments/index.js';
import type { CustomWorkService } from '../custom-work/index.js';
import type { LedgerEntryRow, LedgerService } from '../ledger/index.js';
import type { OrdersService } from '../orders/index.js';
import type { DisputesService } from '../payments/index.js';
import type { RefundsService } from '../refunds/index.js';

/** What moved at the provider and what the ledger says moved, in cents into the platform's balance, where they differ. */
export interface ProviderDifference {
  /**
   * `charge:<payment intent>`, `refund:<provider refund>`, `refund claim:<our refund id>` (not made at the provider yet;
   * for custom work `refund claim:custom-work-<order>-<milestone>`, the key it will be asked with),
   * `adjustment:<provider dispute>` (a dispute: Stripe's withdrawal and reinstatement, our loss),
   * `transfer:<transfer>` (a payout through Connect), `transfer_refund:<transfer reversal>` (a payout taken back),
   * `reversal claim:<transfer>` (a reversal the ledger records and Stripe has not made), `unsent payout:<our payout id>`
   * (a payout's entries with no transfer recorded), or the provider's `<type>:<source>` for what the ledger does not record.
   */
  key: string;
  ledgerCents: number;
  providerCents: number;
}

/** What one comparison found: the differences, and how many of the provider's balance transactions fell in the window. */
export interface ProviderComparisonResult {
  differences: ProviderDifference[];
  providerTransactions: number;
}

/** Connect payouts as reconciliation needs them (the connect module's door). */
export interface PayoutTransfers {
  /** The Stripe transfer of each sent payout, by payout id. */
  transferIdsOf(payoutIds: readonly string[]): Promise<Map<string, string>>;
}

export interface ProviderComparisonDependencies {
  payments: Pick<PaymentProvider, 'name' | 'balanceMovements' | 'retrieveDispute'>;
  ledger: Pick<LedgerService, 'providerEntriesBetween' | 'providerEntriesOfDisputes'>;
  orders: Pick<OrdersService, 'intentsOfLines'>;
  refunds: Pick<RefundsService, 'providerIdsOf'>;
  disputes: Pick<DisputesService, 'providerIdsOf' | 'idsOfProviderDisputes'>;
  payouts: PayoutTransfers;
  customWork: Pick<CustomWorkService, 'refundsOfFundingLines'>;
}

/**
 * A sale the ledger dates a second before the window ends may be a charge the provider dates a
 * second after: each side is read this much wider, and a difference counts when either side of it
 * falls inside the window.
 */
const EDGE_MS = HOUR_MS;

const DISPUTE = 'adjustment:';

interface Side {
  cents: number;
  inWindow: boolean;
}

function add(sides: Map<string, Side>, key: string, cents: number, inWindow: boolean) {
  const side = sides.get(key) ?? { cents: 0, inWindow: false };
  side.cents += cents;
  side.inWindow ||= inWindow;
  sides.set(key, side);
}

const idsOf = (entries: readonly LedgerEntryRow[], pick: (entry: LedgerEntryRow) => string | null) => [
  ...new Set(entries.flatMap((entry) => pick(entry) ?? [])),
];

/** Cents into the platform's balance: the provider's account goes down as it takes a buyer's money for us, so minus the entry. */
const intoBalance = (entry: LedgerEntryRow) => -Number(entry.amount_cents);

/**
 * Custom work's refund gives escrowed money back to the provider under the funding line, with no
 * refund row of its own (docs/decisions/0013): it is told from the funding by its direction.
 */
const isCustomWorkRefund = (entry: LedgerEntryRow) => entry.kind === 'custom_work' && intoBalance(entry) < 0;

/** A payout's transfer takes money out of the platform's balance (its entry is positive); a reversal of it brings some back. */
const isReversal = (entry: LedgerEntryRow) => entry.withdrawal_id !== null && Number(entry.amount_cents) < 0;

/**
 * Names each transfer reversal the ledger recorded as Stripe names the reversal it matches, by
 * ledger transaction. Stripe's reversals of the payout's transfer are taken oldest first: of the same
 * amount first, then any left, so a reversal missing on one side leaves the others matched and one
 * that differs by a cent is reported under Stripe's id. One with none left is a `reversal claim`.
 */
function pairReversals(
  reversals: readonly LedgerEntryRow[],
  transfers: ReadonlyMap<string, string>,
  movements: readonly ProviderMovement[],
): Map<string, string> {
  const theirs = new Map<string, ProviderMovement[]>();
  for (const movement of movements) {
    if (movement.transferId) theirs.set(movement.transferId, [...(theirs.get(movement.transferId) ?? []), movement]);
  }
  for (const list of theirs.values()) list.sort((a, b) => a.at.getTime() - b.at.getTime());
  const ours = reversals.flatMap((entry) => {
    const transferId = entry.withdrawal_id ? transfers.get(entry.withdrawal_id) : undefined;
    return transferId ? [{ transactionId: entry.transaction_id, transferId, cents: intoBalance(entry) }] : [];
  });
  const keys = new Map<string, string>();
  const taken = new Set<ProviderMovement>();
  for (const sameAmount of [true, false]) {
    for (const reversal of ours) {
      if (keys.has(reversal.transactionId)) continue;
      const match = (theirs.get(reversal.transferId) ?? []).find(
        (movement) => !taken.has(movement) && (!sameAmount || movement.amountCents === reversal.cents),
      );
      if (!match) continue;
      taken.add(match);
      keys.set(reversal.transactionId, match.key);
    }
  }
  for (const reversal of ours)
    if (!keys.has(reversal.transactionId)) keys.set(reversal.transactionId, `reversal claim:${reversal.transferId}`);
  return keys;
}

/**
 * Compares the provider's record of the platform's balance (Stripe's balance transactions) with the
 * ledger's provider account, movement by movement (docs/decisions/0012, "Reconciliation").
 */
export class ProviderComparison {
  constructor(private readonly dependencies: ProviderComparisonDependencies) {}

  /** The differences over [since, until); null when the provider keeps no record to compare with (the simulation). */
  async differences(since: Date, until: Date): Promise<ProviderDifference[] | null> {
    return (await this.compare(since, until))?.differences ?? null;
  }

  /** The differences over [since, until) and how many balance transactions were checked; null with the simulation. */
  async compare(since: Date, until: Date): Promise<ProviderComparisonResult | null> {
    const { payments, ledger } = this.dependencies;
    const wideSince = new Date(since.getTime() - EDGE_MS);
    const wideUntil = new Date(until.getTime() + EDGE_MS);
    const movements = await payments.balanceMovements(wideSince, wideUntil);
    if (movements === null) return null;
    const entries = await ledger.providerEntriesBetween(payments.name, wideSince, wideUntil);
    const inWindow = (at: Date) => at >= since && at < until;

    const ledgerSide = new Map<string, Side>();
    const keyOf = await this.ledgerKeys(entries, movements);
    for (const entry of entries) add(ledgerSide, keyOf(entry), intoBalance(entry), inWindow(new Date(entry.created_at)));
    const providerSide = new Map<string, Side>();
    for (const movement of movements) add(providerSide, movement.key, movement.amountCents, inWindow(movement.at));

    const keys = [...new Set([...ledgerSide.keys(), ...providerSide.keys()])].filter(
      (key) => ledgerSide.get(key)?.inWindow || providerSide.get(key)?.inWindow,
    );
    await this.wholeDisputes(
      keys.filter((key) => key.startsWith(DISPUTE)),
      ledgerSide,
      providerSide,
    );
    const differences: ProviderDifference[] = [];
    for (const key of keys) {
      const ledgerCents = ledgerSide.get(key)?.cents ?? 0;
      const providerCents = providerSide.get(key)?.cents ?? 0;
      if (ledgerCents !== providerCents) differences.push({ key, ledgerCents, providerCents });
    }
    return {
      differences: differences.sort((a, b) => (a.key < b.key ? -1 : 1)),
      providerTransactions: movements.filter((movement) => inWindow(movement.at)).length,
    };
  }

  /**
   * A dispute is opened one week and won or lost weeks later, each step in a window of its own: each
   * one the window touches is compared over its whole history instead, the provider's as the dispute
   * lists its balance transactions and the ledger's by the entries that carry it.
   */
  private async wholeDisputes(keys: readonly string[], ledgerSide: Map<string, Side>, providerSide: Map<string, Side>) {
    if (!keys.length) return;
    const { payments, ledger, disputes } = this.dependencies;
    const providerIds = keys.map((key) => key.slice(DISPUTE.length));
    const ours = await disputes.idsOfProviderDisputes(payments.name, providerIds);
    const entries = await ledger.providerEntriesOfDisputes(payments.name, [...ours.values()]);
    const providerIdOf = new Map([...ours].map(([providerId, id]) => [id, providerId]));
    const ledgerCents = new Map<string, number>();
    for (const entry of entries) {
      const providerId = providerIdOf.get(entry.dispute_id ?? '');
      if (providerId) ledgerCents.set(providerId, (ledgerCents.get(providerId) ?? 0) + intoBalance(entry));
    }
    await Promise.all(
      providerIds.map(async (providerId) => {
        const dispute = await payments.retrieveDispute(providerId);
        if (dispute) providerSide.set(`${DISPUTE}${providerId}`, { cents: dispute.balanceCents, inWindow: true });
        if (ours.has(providerId)) ledgerSide.set(`${DISPUTE}${providerId}`, { cents: ledgerCents.get(providerId) ?? 0, inWindow: true });
      }),
    );
  }

  /**
   * Names each entry as the provider names what moved: a sale by its payment intent, a refund by the
   * provider's refund, a dispute by the provider's dispute, a payout by its transfer and a payout taken
   * back by the transfer reversal it matches. Custom work's refund is the provider's refund of the
   * milestone, which the milestone keeps rather than a refunds row.
   */
  private async ledgerKeys(
    entries: readonly LedgerEntryRow[],
    movements: readonly ProviderMovement[],
  ): Promise<(entry: LedgerEntryRow) => string> {
    const [providerRefunds, providerDisputes, intents, transfers, customWorkRefunds] = await Promise.all([
      this.dependencies.refunds.providerIdsOf(idsOf(entries, (entry) => entry.refund_id)),
      this.dependencies.disputes.providerIdsOf(idsOf(entries, (entry) => entry.dispute_id)),
      this.dependencies.orders.intentsOfLines(idsOf(entries, (entry) => (entry.refund_id ? null : entry.order_line_id))),
      this.dependencies.payouts.transferIdsOf(idsOf(entries, (entry) => entry.withdrawal_id)),
      this.dependencies.customWork.refundsOfFundingLines(
        idsOf(entries, (entry) => (isCustomWorkRefund(entry) ? entry.order_line_id : null)),
      ),
    ]);
    const reversals = pairReversals(entries.filter(isReversal), transfers, movements);
    return (entry) => {
      // Stripe records a dispute as adjustments whose source is the dispute: withdrawn when opened, reinstated when won.
      if (entry.dispute_id) return `${DISPUTE}${providerDisputes.get(entry.dispute_id) ?? entry.dispute_id}`;
      if (entry.refund_id) {
        const providerRefund = providerRefunds.get(entry.refund_id);
        return providerRefund ? `refund:${providerRefund}` : `refund claim:${entry.refund_id}`;
      }
      if (entry.withdrawal_id) {
        const transferId = transfers.get(entry.withdrawal_id);
        if (!transferId) return `unsent payout:${entry.withdrawal_id}`;
        return isReversal(entry) ? (reversals.get(entry.transaction_id) ?? `reversal claim:${transferId}`) : `transfer:${transferId}`;
      }
      if (isCustomWorkRefund(entry)) {
        const refund = entry.order_line_id ? customWorkRefunds.get(entry.order_line_id) : undefined;
        // Under the charge it would be netted with the funding it gives back, hiding both.
        if (!refund) return `entry:${entry.transaction_id}`;
        return refund.providerRefundId ? `refund:${refund.providerRefundId}` : `refund claim:${refund.idempotencyKey}`;
      }
      const intent = entry.order_line_id ? intents.get(entry.order_line_id) : undefined;
      return intent ? `charge:${intent}` : `entry:${entry.transaction_id}`;
    };
  }
}
