import { API_PATHS, apiPath } from '@market/contracts';
import { apiFetch } from '@/lib/api';

/**
 * POST /api/view/GameView/{id} when a card is opened. Fire and forget: a lost view must
 * never stop the visitor from reaching the detail page.
 */
export function recordView(productId: string): void {
  apiFetch(apiPath(API_PATHS.view.record, { id: productId }), { method: 'POST' }).catch(() => undefined);
}
