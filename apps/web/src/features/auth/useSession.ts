import type { SessionUser } from '@market/contracts';
import { useCurrentUserQuery } from './api/currentUser';

export interface Session {
  user: SessionUser | null;
}

export function useSession(): Session {
  const { data } = useCurrentUserQuery();
  return { user: data ?? null };
}
