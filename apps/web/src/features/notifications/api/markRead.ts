import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, type MarkReadBody, unreadCountSchema } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { notificationQueryKeys } from '../queryKeys';

/** PUT /api/notification/markRead: { ids } or { all: true }; answers the unread count. */
export async function markRead(body: MarkReadBody): Promise<number> {
  const answer = await apiFetch(API_PATHS.notification.markRead, { method: 'PUT', body }, (data) => unreadCountSchema.parse(data));
  return answer.unread;
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationQueryKeys.all }),
  });
}
