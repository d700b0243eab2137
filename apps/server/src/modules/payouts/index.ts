export { payoutRoutes } from './payouts.routes.js';
export {
  CHARGEBACK_WON_NOTE,
  chargebackNeeded,
  FIRST_SALE_NEEDED,
  PayoutsService,
  type PayoutsServiceDependencies,
  REFUND_RATE_MIN_SALES,
  type RefundShare,
  RULE_HOLD_REVIEW_DAYS,
} from './payouts.service.js';
