export { discountRoutes } from './discounts.routes.js';
export { type AppliedDiscount, DISCOUNT_HOLD_MINUTES, type DiscountEvaluation, DiscountsService } from './discounts.service.js';
