export { paymentRoutes } from './payments.routes.js';
export { PaymentsService, type PaidLine, type RecordedPayment, type UpgradeQuote } from './payments.service.js';
export { DISPUTE_LOST_REVOKED_REASON, DisputesService, type DisputesServiceDependencies } from './disputes.service.js';
export { ownsPayment } from './policies.js';
