import { useQuery } from '@tanstack/react-query';
import { API_PATHS, type SessionUser } from '@market/contracts';
import { apiFetch, isApiError } from '@/lib/api';
import { forgetStoredUser, hasSignedInHint, parseSessionUser, readStoredUser, storeUser } from '../sessionUser';

export const sessionQueryKey = ['session', 'currentUser'] as const;

/** GET currentUser: the user, or null when the cookie session is missing or expired (401). */
export async function getCurrentUser(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    const user = await apiFetch(API_PATHS.user.currentUser, signal ? { signal } : {}, parseSessionUser);
    storeUser(user);
    return user;
  } catch (error) {
    if (isApiError(error, 401)) {
      forgetStoredUser();
      return null;
    }
    throw error;
  }
}

/**
 * docs/product-spec.md §4: the user stored in sessionStorage renders the header at once and is then
 * confirmed with the server in the background (initialDataUpdatedAt 0 marks it stale).
 * A new tab has nothing stored (sessionStorage is per tab): when the signed-in hint cookie
 * says a session may exist, the server is asked and the user restored. A visitor has neither
 * and is asked nothing, which spares every visitor a 401 on every page load.
 */
export function useCurrentUserQuery() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) => getCurrentUser(signal),
    initialData: readStoredUser,
    initialDataUpdatedAt: 0,
    enabled: (query) => Boolean(query.state.data) || hasSignedInHint(),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
