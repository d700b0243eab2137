export { refundRoutes } from './refunds.routes.js';
export { REFUND_DISPUTED_MESSAGE, RefundsService, type RefundsServiceDependencies, type SettledClaims } from './refunds.service.js';
export { lineRefunded } from './refunds.repository.js';
