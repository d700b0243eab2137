export { CHECKOUT_REPAIR_WINDOW_MS, ReconciliationService, type ReconciliationReport } from './reconciliation.service.js';
