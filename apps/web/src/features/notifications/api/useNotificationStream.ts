import { API_PATHS, NOTIFICATION_STREAM_EVENT } from '@market/contracts';
import { PURCHASES_QUERY_ROOT } from '@/lib/queryKeys';
import { useServerEvents } from '@/lib/useServerEvents';
import { notificationQueryKeys } from '../queryKeys';

/**
 * GET /api/notification/stream: a notice arriving, or read in another tab, refetches the bell and the
 * page, and the purchases shown (a notice may tell of a refund or a new version of one of them).
 */
export function useNotificationStream() {
  useServerEvents(API_PATHS.notification.stream, NOTIFICATION_STREAM_EVENT, [notificationQueryKeys.all, [PURCHASES_QUERY_ROOT]]);
}
