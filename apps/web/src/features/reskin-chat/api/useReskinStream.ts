import { API_PATHS, RESKIN_STREAM_EVENT } from '@market/contracts';
import { useServerEvents } from '@/lib/useServerEvents';
import { reskinQueryKeys } from './keys';

/** GET /api/reskin/stream while a chat screen is open: any change in a visible chat refetches the lists and threads on screen. */
export function useReskinStream() {
  useServerEvents(API_PATHS.reskin.stream, RESKIN_STREAM_EVENT, [reskinQueryKeys.all]);
}
