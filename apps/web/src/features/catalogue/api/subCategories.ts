import { useQuery } from '@tanstack/react-query';
import { storefrontUrls } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { parseSubCategories } from '../parse';
import { catalogueKeys } from './keys';

/** GET /api/product/sub-categories: `[{ subCategory, count }]`, the tabs of /browse-game. */
export function getSubCategories(signal?: AbortSignal) {
  return apiFetch(storefrontUrls.subCategories(), { signal }, parseSubCategories);
}

export function useSubCategoriesQuery() {
  return useQuery({
    queryKey: catalogueKeys.subCategories,
    queryFn: ({ signal }) => getSubCategories(signal),
    staleTime: 5 * 60_000,
  });
}
