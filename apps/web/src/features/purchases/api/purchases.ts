import { useQuery } from '@tanstack/react-query';
import { API_PATHS, purchaseListSchema, type Purchase } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { PURCHASES_QUERY_ROOT } from '@/lib/queryKeys';

export const myPurchasesKey = [PURCHASES_QUERY_ROOT, 'mine'] as const;

/** GET /api/purchase/allPurchases: for a User, their own purchases, newest first. */
export function getMyPurchases(signal?: AbortSignal): Promise<Purchase[]> {
  return apiFetch(API_PATHS.purchase.list, signal ? { signal } : {}, (data) => purchaseListSchema.parse(data));
}

export function useMyPurchases() {
  return useQuery({ queryKey: myPurchasesKey, queryFn: ({ signal }) => getMyPurchases(signal), staleTime: 0 });
}
