export { withdrawalRoutes } from './withdrawals.routes.js';
export { WithdrawalsService } from './withdrawals.service.js';
