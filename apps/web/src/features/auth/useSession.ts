import type { SessionUser } from '@market/contracts';
import { useCurrentUserQuery } from './api/currentUser';

export interface Session {
  user: SessionUser | null;
  /** A new tab is asking the server who is signed in: not yet known to be a visitor. */
  restoring: boolean;
}

export function useSession(): Session {
  const { data, isFetching } = useCurrentUserQuery();
  return { user: data ?? null, restoring: !data && isFetching };
}
