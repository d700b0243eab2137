export { refundRoutes } from './refunds.routes.js';
export { RefundsService, type SettledClaims } from './refunds.service.js';
