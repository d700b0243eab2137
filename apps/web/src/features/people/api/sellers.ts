import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_PATHS, sellerPageSchema, type PeopleQuery } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { PEOPLE_QUERY_ROOT, pageQueryString } from './pageQuery';

/** GET /api/user/sellers: users with products, units sold and earnings (admins only). */
export function fetchSellersPage(query: PeopleQuery, signal?: AbortSignal) {
  return apiFetch(`${API_PATHS.user.sellers}?${pageQueryString(query)}`, signal ? { signal } : {}, (data) => sellerPageSchema.parse(data));
}

export function useSellersPage(query: PeopleQuery) {
  return useQuery({
    queryKey: [PEOPLE_QUERY_ROOT, 'sellers', query],
    queryFn: ({ signal }) => fetchSellersPage(query, signal),
    placeholderData: keepPreviousData,
  });
}
