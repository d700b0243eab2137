import { useEffect } from 'react';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';

/**
 * Listens to a server-sent event stream (signed in by the session cookie) while the component is
 * mounted: each `event` refetches the queries under `staleKeys`, and so does a dropped connection
 * once it is back, since what happened meanwhile was missed. The browser reconnects by itself.
 */
export function useServerEvents(path: string, event: string, staleKeys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  // The keys as text, so a caller's new array of the same keys does not reconnect the stream.
  const keyText = JSON.stringify(staleKeys);
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(path);
    let reconnecting = false;
    const refresh = () => {
      for (const queryKey of JSON.parse(keyText) as QueryKey[]) void queryClient.invalidateQueries({ queryKey });
    };
    source.addEventListener(event, refresh);
    source.addEventListener('error', () => {
      reconnecting = true;
    });
    source.addEventListener('open', () => {
      if (reconnecting) refresh();
      reconnecting = false;
    });
    return () => source.close();
  }, [path, event, keyText, queryClient]);
}
