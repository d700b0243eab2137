import { useInfiniteQuery } from '@tanstack/react-query';
import { API_PATHS, studioAuditPageSchema, type StudioAuditPage } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { studioQueryKeys } from '../queryKeys';

/** GET /api/studio/audit: newest first, 25 a page. */
export function getAudit(cursor: string | null, signal?: AbortSignal): Promise<StudioAuditPage> {
  const url = cursor ? `${API_PATHS.studio.audit}?cursor=${encodeURIComponent(cursor)}` : API_PATHS.studio.audit;
  return apiFetch(url, signal ? { signal } : {}, (data) => studioAuditPageSchema.parse(data));
}

export function useAudit() {
  return useInfiniteQuery({
    queryKey: studioQueryKeys.audit,
    queryFn: ({ pageParam, signal }) => getAudit(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}
