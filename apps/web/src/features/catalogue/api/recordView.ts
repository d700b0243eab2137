import { API_PATHS, apiPath } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { withVisitSource } from '@/lib/visitSource';

/**
 * POST /api/view/GameView/{id} when a card or a product page is opened, with where the visit came
 * from; the server counts one per visitor, product and hour. Fire and forget: a lost view must
 * never stop the visitor from reaching the detail page.
 */
export function recordView(productId: string): void {
  apiFetch(withVisitSource(apiPath(API_PATHS.view.record, { id: productId })), { method: 'POST' }).catch(() => undefined);
}
