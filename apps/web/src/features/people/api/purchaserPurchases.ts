import { useQuery } from '@tanstack/react-query';
import { API_PATHS, apiPath, purchaserPurchaseListSchema } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { PURCHASES_QUERY_ROOT } from '@/lib/queryKeys';

/** GET /api/user/purchasers/{id}/purchases: one buyer's purchases, newest first (admins only). */
export function fetchPurchaserPurchases(userId: string, signal?: AbortSignal) {
  return apiFetch(apiPath(API_PATHS.user.purchaserPurchases, { id: userId }), signal ? { signal } : {}, (data) =>
    purchaserPurchaseListSchema.parse(data),
  );
}

export function usePurchaserPurchases(userId: string | null) {
  return useQuery({
    queryKey: [PURCHASES_QUERY_ROOT, 'of', userId],
    queryFn: ({ signal }) => fetchPurchaserPurchases(userId!, signal),
    enabled: userId !== null,
  });
}
