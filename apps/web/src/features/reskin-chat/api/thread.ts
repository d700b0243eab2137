import { useQuery } from '@tanstack/react-query';
import { API_PATHS, reskinThreadSchema, type ReskinConversationKey, type ReskinThread } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { reskinQueryKeys } from './keys';

/** GET /api/reskin/messages?productId=&userId=: one chat, oldest message first. */
export function getThread(key: ReskinConversationKey, signal?: AbortSignal): Promise<ReskinThread> {
  const query = new URLSearchParams({ productId: key.productId, userId: key.userId });
  return apiFetch(`${API_PATHS.reskin.messages}?${query}`, signal ? { signal } : {}, (data) => reskinThreadSchema.parse(data));
}

export function useThread(key: ReskinConversationKey) {
  return useQuery({ queryKey: reskinQueryKeys.thread(key), queryFn: ({ signal }) => getThread(key, signal) });
}
