import type { PeopleQuery } from '@market/contracts';

/** Every people query lives under this root. */
export const PEOPLE_QUERY_ROOT = 'people';

/** ?page=…&pageSize=…&search=… of the people lists. */
export function pageQueryString({ page, pageSize, search }: PeopleQuery): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  if (search) params.set('search', search);
  return params.toString();
}
