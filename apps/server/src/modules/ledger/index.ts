export { LedgerError, LedgerService, type StatementRow, type LedgerCheck, type LedgerTransaction, type Posting } from './ledger.service.js';
export { type LedgerAccount, PLATFORM_ACCOUNTS, providerAccount, reskinAccount, sellerAccount } from './accounts.js';
export { refundOf, saleOf, withdrawalPaidOf, withdrawalRequestOf, type RefundedLine, type SoldLine } from './events.js';
export { linesWithSaleEntries, netEarningsOfSeller } from './ledger.repository.js';
