export { CHECKOUT_REPAIR_WINDOW_MS, ReconciliationService, type ReconciliationReport } from './reconciliation.service.js';
export { ProviderComparison, type ProviderDifference, type ProviderComparisonResult } from './provider-comparison.js';
export { ProviderReconciliation, RECONCILIATION_PERIOD_MS, SETTLE_MS } from './provider-reconciliation.service.js';
export { reconciliationRoutes } from './reconciliation.routes.js';
