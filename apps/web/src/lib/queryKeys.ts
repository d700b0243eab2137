/**
 * Every query that shows products lives under this root, so one invalidation after an upload,
 * an edit or a moderation action refreshes the storefront and the panels alike.
 */
export const PRODUCTS_QUERY_ROOT = 'products';

/** Every query that shows purchases: recording one refreshes the buyer's list and the admin's. */
export const PURCHASES_QUERY_ROOT = 'purchases';

/** The seller's earnings, sales and withdrawals. */
export const MONEY_QUERY_ROOT = 'money';

/** The admin's refund request lists. */
export const REFUND_REQUESTS_QUERY_ROOT = 'refund-requests';

/** Every product's reviews. */
export const REVIEWS_QUERY_ROOT = 'reviews';

/** Sellers' payout status and holds: placing or releasing a hold refreshes them all. */
export const PAYOUTS_QUERY_ROOT = 'payouts';
