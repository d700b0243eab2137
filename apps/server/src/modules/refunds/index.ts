export { refundRoutes } from './refunds.routes.js';
export { RefundsService, type RefundsServiceDependencies, type SettledClaims } from './refunds.service.js';
