import { useQuery } from '@tanstack/react-query';
import { API_PATHS, apiPath, moderationLogSchema, type ModerationLogEntry } from '@market/contracts';
import { PRODUCTS_QUERY_ROOT } from '@/lib/queryKeys';
import { apiFetch } from '@/lib/api';

/** GET /api/product/{id}/moderation-log: who decided what, when and why, newest first (admins only). */
export function getModerationLog(id: string, signal?: AbortSignal): Promise<ModerationLogEntry[]> {
  return apiFetch(apiPath(API_PATHS.product.moderationLog, { id }), signal ? { signal } : {}, (data) => moderationLogSchema.parse(data));
}

export function useModerationLog(id: string) {
  return useQuery({ queryKey: [PRODUCTS_QUERY_ROOT, 'moderation-log', id], queryFn: ({ signal }) => getModerationLog(id, signal) });
}
