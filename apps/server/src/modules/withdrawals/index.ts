export { withdrawalRoutes } from './withdrawals.routes.js';
export { WithdrawalsService } from './withdrawals.service.js';
export { WithdrawalsRepository } from './withdrawals.repository.js';
