import { API_PATHS, NOTIFICATION_STREAM_EVENT } from '@market/contracts';
import { useServerEvents } from '@/lib/useServerEvents';
import { notificationQueryKeys } from '../queryKeys';

/** GET /api/notification/stream: a notice arriving, or read in another tab, refetches the bell and the page. */
export function useNotificationStream() {
  useServerEvents(API_PATHS.notification.stream, NOTIFICATION_STREAM_EVENT, notificationQueryKeys.all);
}
