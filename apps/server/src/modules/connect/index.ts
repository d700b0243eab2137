export { connectRoutes } from './connect.routes.js';
export { accountStateOf, ConnectService, type PayoutAccountSummary } from './connect.service.js';
export { ConnectPayouts, PAYOUT_MINIMUM_CENTS } from './connect-payouts.service.js';
