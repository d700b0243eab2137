import { API_PATHS, apiPath } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { withVisitSource } from '@/lib/visitSource';

/**
 * POST /api/analytics/cart/{id}: tells the seller's analytics a product went into a cart, with where
 * the visit came from (docs/decisions/0020). Fire and forget: the cart lives in the browser and
 * never waits for it.
 */
export function recordCartAdd(productId: string): void {
  apiFetch(withVisitSource(apiPath(API_PATHS.analytics.cart, { id: productId })), { method: 'POST' }).catch(() => undefined);
}
