import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_PATHS, type NotificationPage, notificationPageSchema } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { notificationQueryKeys } from '../queryKeys';

/** GET /api/notification/mine?page=: the user's notices, newest first, 20 a page, and the unread count. */
export function getMyNotifications(page: number, signal?: AbortSignal): Promise<NotificationPage> {
  return apiFetch(`${API_PATHS.notification.mine}?page=${page}`, signal ? { signal } : {}, (data) => notificationPageSchema.parse(data));
}

export function useMyNotifications(page = 1) {
  return useQuery({
    queryKey: notificationQueryKeys.page(page),
    queryFn: ({ signal }) => getMyNotifications(page, signal),
    // Paging keeps the page on screen until the next one has arrived.
    placeholderData: keepPreviousData,
  });
}
