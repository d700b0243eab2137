import { useQuery } from '@tanstack/react-query';
import { API_PATHS, apiPath, purchaserPurchaseListSchema } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { PEOPLE_QUERY_ROOT } from './pageQuery';

/** GET /api/user/purchasers/{id}/purchases: one buyer's purchases, newest first (admins only). */
export function fetchPurchaserPurchases(userId: string, signal?: AbortSignal) {
  return apiFetch(apiPath(API_PATHS.user.purchaserPurchases, { id: userId }), signal ? { signal } : {}, (data) =>
    purchaserPurchaseListSchema.parse(data),
  );
}

export function usePurchaserPurchases(userId: string | null) {
  return useQuery({
    queryKey: [PEOPLE_QUERY_ROOT, 'purchases', userId],
    queryFn: ({ signal }) => fetchPurchaserPurchases(userId!, signal),
    enabled: userId !== null,
  });
}
