import { API_PATHS, NOTIFICATION_STREAM_EVENT } from '@market/contracts';
import {
  MONEY_QUERY_ROOT,
  PRODUCTS_QUERY_ROOT,
  PURCHASES_QUERY_ROOT,
  REFUND_REQUESTS_QUERY_ROOT,
  REVIEWS_QUERY_ROOT,
} from '@/lib/queryKeys';
import { useServerEvents } from '@/lib/useServerEvents';
import { notificationQueryKeys } from '../queryKeys';

/**
 * Whatever a notice can be about: a moderation decision or a new version (products), a refund
 * (purchases, refund requests), a paid withdrawal (money), a review or a reply (reviews). The
 * panel rows shown refresh with the bell, rather than waiting for a reload.
 */
const NOTICE_SUBJECT_KEYS = [
  notificationQueryKeys.all,
  [PRODUCTS_QUERY_ROOT],
  [PURCHASES_QUERY_ROOT],
  [REFUND_REQUESTS_QUERY_ROOT],
  [MONEY_QUERY_ROOT],
  [REVIEWS_QUERY_ROOT],
] as const;

/** GET /api/notification/stream: a notice arriving, or read in another tab, refetches the bell, the page and the rows it is about. */
export function useNotificationStream() {
  useServerEvents(API_PATHS.notification.stream, NOTIFICATION_STREAM_EVENT, NOTICE_SUBJECT_KEYS);
}
