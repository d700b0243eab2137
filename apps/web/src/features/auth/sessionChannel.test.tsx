// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { fakeFetch, userAlice } from '@/test-utils';
import { getCurrentUser, sessionQueryKey } from './api/currentUser';
import { announceSignedIn, followSession } from './sessionChannel';

/* oxlint-disable unicorn/require-post-message-target-origin -- a BroadcastChannel takes no target origin */

/** Another tab of the site: its own channel of the same name. */
function otherTab() {
  const channel = new BroadcastChannel('market-session');
  const heard: unknown[] = [];
  channel.addEventListener('message', (event) => heard.push(event.data));
  return { channel, heard };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('the session across tabs', () => {
  let stop: (() => void) | undefined;
  let tab: ReturnType<typeof otherTab>;
  beforeEach(() => {
    sessionStorage.clear();
    tab = otherTab();
  });
  afterEach(() => {
    stop?.();
    tab.channel.close();
  });

  it('forgets the user at once when another tab signs out, with every answer fetched as them', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionQueryKey, userAlice);
    queryClient.setQueryData(['purchases', 'mine'], ['a purchase']);
    sessionStorage.setItem('userData', JSON.stringify(userAlice));
    stop = followSession(queryClient);

    tab.channel.postMessage({ type: 'signed-out' });
    await settle();

    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
    expect(queryClient.getQueryData(['purchases', 'mine'])).toBeUndefined();
    expect(sessionStorage.getItem('userData')).toBeNull();
  });

  it('shows the user at once when another tab signs in, and tells the others of its own sign-in', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionQueryKey, null);
    stop = followSession(queryClient);

    tab.channel.postMessage({ type: 'signed-in', user: userAlice });
    await settle();
    expect(queryClient.getQueryData(sessionQueryKey)).toEqual(userAlice);
    expect(JSON.parse(sessionStorage.getItem('userData') ?? 'null')).toEqual(userAlice);

    announceSignedIn(userAlice);
    await settle();
    expect(tab.heard).toEqual([{ type: 'signed-in', user: userAlice }]);
  });

  it('asks the server who is signed in when a call is refused with 401, and becomes a visitor', async () => {
    const calls = fakeFetch(() => ({ status: 401, body: { message: 'Please sign in first' } }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(sessionQueryKey, userAlice);
    stop = followSession(queryClient);
    // The header's session query, watched as the app watches it.
    const session = new QueryObserver(queryClient, { queryKey: sessionQueryKey, queryFn: () => getCurrentUser(), staleTime: Infinity });
    const unsubscribe = session.subscribe(() => undefined);
    onTestFinished(unsubscribe);
    expect(calls).toEqual([]);

    await queryClient
      .fetchQuery({
        queryKey: ['purchases', 'mine'],
        queryFn: () => Promise.reject(new ApiError(401, 'Please sign in first')),
      })
      .catch(() => undefined);
    await settle();

    expect(calls.some((call) => call.url === '/api/user/currentUser')).toBe(true);
    expect(queryClient.getQueryData(sessionQueryKey)).toBeNull();
  });
});
