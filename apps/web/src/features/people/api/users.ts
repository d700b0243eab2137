import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_PATHS, personPageSchema, type PeopleQuery } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { PEOPLE_QUERY_ROOT, pageQueryString } from './pageQuery';

/** GET /api/user/listUsers: every account, newest first (admins only). */
export function fetchUsersPage(query: PeopleQuery, signal?: AbortSignal) {
  return apiFetch(`${API_PATHS.user.listUsers}?${pageQueryString(query)}`, signal ? { signal } : {}, (data) =>
    personPageSchema.parse(data),
  );
}

export function useUsersPage(query: PeopleQuery) {
  return useQuery({
    queryKey: [PEOPLE_QUERY_ROOT, 'users', query],
    queryFn: ({ signal }) => fetchUsersPage(query, signal),
    placeholderData: keepPreviousData,
  });
}
