import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_PATHS, purchaserPageSchema, type PeopleQuery } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { PEOPLE_QUERY_ROOT, pageQueryString } from './pageQuery';

/** GET /api/user/purchasers: users with purchases, their count and total spent (admins only). */
export function fetchPurchasersPage(query: PeopleQuery, signal?: AbortSignal) {
  return apiFetch(`${API_PATHS.user.purchasers}?${pageQueryString(query)}`, signal ? { signal } : {}, (data) =>
    purchaserPageSchema.parse(data),
  );
}

export function usePurchasersPage(query: PeopleQuery) {
  return useQuery({
    queryKey: [PEOPLE_QUERY_ROOT, 'purchasers', query],
    queryFn: ({ signal }) => fetchPurchasersPage(query, signal),
    placeholderData: keepPreviousData,
  });
}
