export { refundRoutes } from './refunds.routes.js';
export { RefundsService } from './refunds.service.js';
