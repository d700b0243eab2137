import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useHydrated } from '@/lib/hydration';
import type { SessionUser } from '@market/contracts';
import { useCurrentUserQuery } from './api/currentUser';
import { followSession } from './sessionChannel';

export interface Session {
  user: SessionUser | null;
  /** A new tab is asking the server who is signed in: not yet known to be a visitor. */
  restoring: boolean;
}

export function useSession(): Session {
  const { data, isFetching } = useCurrentUserQuery();
  // The server draws its pages as a visitor sees them (it cannot read this tab's sessionStorage):
  // the signed-in header shows once the app has taken the page over, so the two never mismatch.
  const hydrated = useHydrated();
  if (!hydrated) return { user: null, restoring: false };
  return { user: data ?? null, restoring: !data && isFetching };
}

/**
 * Confirms the stored session with the server in the background and renders nothing of it: for the
 * root layout, which re-renders every page when it does (the header shows the session).
 */
export function useConfirmSession(): void {
  // Reading no field of the result, the layout is not re-rendered when it changes.
  useCurrentUserQuery();
  const queryClient = useQueryClient();
  useEffect(() => followSession(queryClient), [queryClient]);
}
