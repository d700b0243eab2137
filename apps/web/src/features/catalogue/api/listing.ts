import { useQuery } from '@tanstack/react-query';
import { storefrontUrls } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { parseListing } from '../parse';
import { catalogueKeys } from './keys';

/** GET /api/product/listing/{slug}: `{ title, products }`; title is null for 'all products'. */
export function getListing(slug: string, signal?: AbortSignal) {
  return apiFetch(storefrontUrls.listing(slug), { signal }, parseListing);
}

export function useListingQuery(slug: string) {
  return useQuery({
    queryKey: catalogueKeys.listing(slug),
    queryFn: ({ signal }) => getListing(slug, signal),
  });
}
