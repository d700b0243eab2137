import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@market/contracts';
import { isApiError } from '@/lib/api';
import { sessionQueryKey } from './api/currentUser';
import { forgetStoredUser, parseSessionUser, storeUser } from './sessionUser';

/** Every open tab of the site hears a sign-in or sign-out in any of them at once. */
const CHANNEL_NAME = 'market-session';

type SessionMessage = { type: 'signed-in'; user: SessionUser } | { type: 'signed-out' };

let tabChannel: BroadcastChannel | null | undefined;

/** One channel per tab, for telling and hearing: a channel never hears its own messages. */
function sessionChannel(): BroadcastChannel | null {
  if (tabChannel === undefined) tabChannel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL_NAME);
  return tabChannel;
}

function tell(message: SessionMessage): void {
  sessionChannel()?.postMessage(message);
}

/** This tab's session becomes the user: answers kept for the visitor (or someone else) are dropped. */
export function applySignedIn(queryClient: QueryClient, user: SessionUser): void {
  storeUser(user);
  const previous = queryClient.getQueryData<SessionUser | null>(sessionQueryKey);
  // Answers fetched as someone else must not show; a visitor's storefront answers stay.
  if (previous && previous._id !== user._id) queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, user);
}

/** This tab forgets the user and every answer fetched as them. */
export async function applySignedOut(queryClient: QueryClient): Promise<void> {
  forgetStoredUser();
  await queryClient.cancelQueries({ queryKey: sessionQueryKey });
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, null);
}

export function announceSignedIn(user: SessionUser): void {
  tell({ type: 'signed-in', user });
}

export function announceSignedOut(): void {
  tell({ type: 'signed-out' });
}

/**
 * Keeps this tab's session in step with the others and with the server: a sign-in or sign-out in
 * another tab is applied here at once, and a call refused with 401 while this tab thinks someone
 * is signed in (the session ended elsewhere or expired) makes it ask the server who is signed in,
 * so a panel page leads to /Login instead of showing 'Please sign in first' with a Try again that
 * cannot succeed.
 */
export function followSession(queryClient: QueryClient): () => void {
  const channel = sessionChannel();
  const onMessage = (event: MessageEvent<unknown>) => {
    const message = event.data as Partial<SessionMessage> | null;
    if (message?.type === 'signed-out') void applySignedOut(queryClient);
    if (message?.type === 'signed-in') {
      try {
        applySignedIn(queryClient, parseSessionUser((message as { user?: unknown }).user));
      } catch {
        // Not a user we can show: ask the server instead.
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
    }
  };
  channel?.addEventListener('message', onMessage);

  const stopWatchingQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    if (event.query.queryKey[0] === sessionQueryKey[0] || !isApiError(event.action.error, 401)) return;
    if (queryClient.getQueryData(sessionQueryKey)) void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  });

  return () => {
    channel?.removeEventListener('message', onMessage);
    stopWatchingQueries();
  };
}
