import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { API_PATHS, RESKIN_STREAM_EVENT } from '@market/contracts';
import { reskinQueryKeys } from './keys';

/**
 * Listens to GET /api/reskin/stream (server-sent events, signed in by the session cookie) while
 * a chat screen is open: any change in a visible chat refetches the lists and threads on screen.
 * After a dropped connection the browser reconnects by itself, and what may have been missed is
 * refetched at once.
 */
export function useReskinStream() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(API_PATHS.reskin.stream);
    let reconnecting = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: reskinQueryKeys.all });
    source.addEventListener(RESKIN_STREAM_EVENT, refresh);
    source.addEventListener('error', () => {
      reconnecting = true;
    });
    source.addEventListener('open', () => {
      if (reconnecting) refresh();
      reconnecting = false;
    });
    return () => source.close();
  }, [queryClient]);
}
