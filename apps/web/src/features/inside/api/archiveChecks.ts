import { useQuery } from '@tanstack/react-query';
import { API_PATHS, archiveCheckListSchema, type ArchiveCheck } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { insideQueryKeys } from '../queryKeys';
import { ANALYSING_POLL_MS } from './productInside';

/**
 * GET /api/product/archive-checks: the newest release of each of a seller's products (for an
 * admin, of each product awaiting moderation) with what the analysis of its archive warns of.
 */
export function getArchiveChecks(signal?: AbortSignal): Promise<ArchiveCheck[]> {
  return apiFetch(API_PATHS.product.archiveChecks, signal ? { signal } : {}, (data) => archiveCheckListSchema.parse(data));
}

/** Every row of a panel reads this one list; it is asked again while any archive is still being analysed. */
export function useArchiveChecks() {
  return useQuery({
    queryKey: insideQueryKeys.archiveChecks,
    queryFn: ({ signal }) => getArchiveChecks(signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((check) => check.status === 'analysing') ? ANALYSING_POLL_MS : false),
  });
}

/** The check of one product's archive under review, read from the one list. */
export function useArchiveCheck(productId: string): ArchiveCheck | undefined {
  return useArchiveChecks().data?.find((entry) => entry.productId === productId);
}
