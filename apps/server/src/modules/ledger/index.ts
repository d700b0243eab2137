export { LedgerError, LedgerService, type LedgerCheck, type LedgerTransaction, type Posting } from './ledger.service.js';
export { type LedgerAccount, PLATFORM_ACCOUNTS, providerAccount, reskinAccount, sellerAccount } from './accounts.js';
