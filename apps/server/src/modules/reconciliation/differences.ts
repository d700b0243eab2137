import type { ReconciliationDifference, ReconciliationDifferenceKind } from '@market/contracts';
import type { ProviderDifference } from './provider-comparison.js';

/** ProviderComparison's key prefixes and the kind each names; anything else is Stripe's own `<type>:<source>`. */
const PREFIXES: ReadonlyArray<[string, ReconciliationDifferenceKind]> = [
  ['charge:', 'charge'],
  ['refund:', 'refund'],
  ['refund claim:', 'refund_claim'],
  ['adjustment:', 'dispute'],
  ['transfer:', 'transfer'],
  ['transfer_refund:', 'transfer_reversal'],
  ['reversal claim:', 'reversal_claim'],
  ['unsent payout:', 'payout_unsent'],
];

/** How custom work names a milestone's refund until Stripe has made it (`custom-work-<order>-<milestone>`). */
const CUSTOM_WORK_REFUND = 'custom-work-';

const AMOUNTS_DIFFER =
  'Stripe and the ledger moved different amounts: find which is right (Stripe’s dashboard, the ledger’s entries), then post an adjustment reviewed by a second person.';

/** What a difference means and what to do about it (docs/operations.md, "Reconciliation"), by which side has what. */
function meaningOf(kind: ReconciliationDifferenceKind, providerId: string, ledgerCents: number, providerCents: number): string {
  const onlyStripe = ledgerCents === 0;
  const onlyLedger = providerCents === 0;
  switch (kind) {
    case 'charge':
      if (onlyStripe)
        return 'Stripe took this payment and the ledger has no sale for it: a checkout whose page and webhook never came back. The reconciliation round records one opened in the last day; record or refund an older one by hand.';
      if (onlyLedger)
        return 'The ledger records a sale that Stripe did not charge in this period: look the payment up in Stripe’s dashboard.';
      return AMOUNTS_DIFFER;
    case 'refund':
      if (onlyStripe)
        return 'A refund made at Stripe (its dashboard) that the ledger has not recorded: it is recorded when Stripe’s charge.refunded webhook arrives. If it stays, check the webhook’s delivery in Stripe.';
      if (onlyLedger) return 'The ledger records a refund that Stripe did not make in this period.';
      return AMOUNTS_DIFFER;
    case 'refund_claim':
      // Custom work's claim is named by the idempotency key its own round retries with, not by a refunds row.
      if (providerId.startsWith(CUSTOM_WORK_REFUND))
        return 'A custom work refund the ledger has given back from escrow that Stripe has not made: custom work’s round asks Stripe for it every minute with this idempotency key. If it stays, Stripe refuses it: find “custom work refund failed” in the log, and the milestone in custom_work_milestones.';
      return 'A refund the ledger has taken back that Stripe has not made: the reconciliation round completes it or lets it go within minutes. If it stays, the refund is stuck: look at the refunds row.';
    case 'dispute':
      if (onlyStripe && providerCents < 0)
        return 'A dispute still open: Stripe has taken the money until the bank rules, the ledger keeps it apart (disputes:open). It matches once the dispute is won or lost; answer it in Stripe’s dashboard.';
      return AMOUNTS_DIFFER;
    case 'transfer':
      if (onlyStripe)
        return 'A transfer Stripe made that no payout records, such as one made in Stripe’s dashboard: find the connected account it went to.';
      if (onlyLedger) return 'A payout the ledger counts as sent that Stripe has no transfer for in this period.';
      return AMOUNTS_DIFFER;
    case 'transfer_reversal':
      if (onlyStripe)
        return 'A transfer reversal made at Stripe (its dashboard) that the ledger does not record: the seller’s balance has not been charged for it.';
      return AMOUNTS_DIFFER;
    case 'reversal_claim':
      return 'The ledger has taken money back from a seller’s transfer that Stripe has not reversed: look the transfer up in Stripe’s dashboard.';
    case 'payout_unsent':
      return 'A payout whose ledger entries say it was sent, with no Stripe transfer recorded for it: look the payout up in Stripe by its transfer group.';
    case 'other':
      if (onlyLedger) return 'An entry on the ledger’s Stripe account that names no charge, refund, dispute or payout: find what wrote it.';
      return 'A movement of the Stripe balance the ledger does not record: the platform’s own payout to its bank, a top-up or a Stripe fee. Nothing to do unless it is none of these.';
  }
}

/** A difference as the admin reads it: Stripe's id, its kind, both amounts and what it means. */
export function describeDifference({ key, ledgerCents, providerCents }: ProviderDifference): ReconciliationDifference {
  const [prefix, kind] = PREFIXES.find(([candidate]) => key.startsWith(candidate)) ?? ['', 'other' as const];
  // Stripe's own `<type>:<source>` keeps its type, as its id alone would not say what moved.
  const providerId = kind === 'other' ? key : key.slice(prefix.length);
  return { providerId, kind, ledgerCents, providerCents, meaning: meaningOf(kind, providerId, ledgerCents, providerCents) };
}
