export {
  LedgerError,
  LedgerService,
  type LedgerEntryRow,
  type StatementRow,
  type LedgerCheck,
  type LedgerTransaction,
  type Posting,
} from './ledger.service.js';
export {
  escrowAccount,
  type LedgerAccount,
  maturingAccount,
  PLATFORM_ACCOUNTS,
  providerAccount,
  reskinAccount,
  sellerAccount,
} from './accounts.js';
export {
  connectPayoutClaimOf,
  connectPayoutReversedOf,
  connectPayoutSentOf,
  type DisputedLine,
  type EscrowMovement,
  refundOf,
  saleOf,
  withdrawalPaidOf,
  withdrawalRequestOf,
  type RefundedLine,
  type SoldLine,
} from './events.js';
export { linesWithSaleEntries, netEarningsOfSeller, sellerEarningEntries } from './ledger.repository.js';
