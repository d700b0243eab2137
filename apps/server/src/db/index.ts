export { openDatabase, type DatabaseHandle, type DatabaseOptions, type Dialect } from './connection.js';
export { migrateToLatest } from './migrate.js';
export type { Database } from './schema.js';
export { isDatabaseUnavailable, isUniqueViolation } from './errors.js';
export { withStartupLock } from './startupLock.js';
export { judgeDurability, readDurabilitySettings } from './durability.js';
export { judgeConnectionBudget, readConnectionBudget, type ConnectionBudget } from './connectionBudget.js';
export { unitOfWork, type AfterCommit, type InTransaction, type TransactionWork } from './unit-of-work.js';
