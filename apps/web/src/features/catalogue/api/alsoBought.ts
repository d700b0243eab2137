import { useQuery } from '@tanstack/react-query';
import { storefrontUrls } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { parseProductList } from '../parse';
import { catalogueKeys } from './keys';

/** GET /api/product/{id}/also-bought: what the product's buyers also bought, at most 8. */
export function getAlsoBought(productId: string, signal?: AbortSignal) {
  return apiFetch(storefrontUrls.alsoBought(productId), { signal }, parseProductList);
}

export function useAlsoBoughtQuery(productId: string) {
  return useQuery({
    queryKey: catalogueKeys.alsoBought(productId),
    queryFn: ({ signal }) => getAlsoBought(productId, signal),
  });
}
