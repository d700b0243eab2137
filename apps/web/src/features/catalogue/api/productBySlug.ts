import { useQuery } from '@tanstack/react-query';
import { storefrontUrls } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { parseProductDetail } from '../parse';
import { catalogueKeys } from './keys';

/** GET /api/product/by-slug/{slug}: 404 for an unknown slug. */
export function getProductBySlug(slug: string, signal?: AbortSignal) {
  return apiFetch(storefrontUrls.bySlug(slug), { signal }, parseProductDetail);
}

export function useProductBySlugQuery(slug: string) {
  return useQuery({
    queryKey: catalogueKeys.bySlug(slug),
    queryFn: ({ signal }) => getProductBySlug(slug, signal),
  });
}
