import { useQuery } from '@tanstack/react-query';
import { API_PATHS, reskinConversationListSchema, type ReskinAuthor, type ReskinConversation } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { reskinQueryKeys } from './keys';

/** GET /api/reskin/allReskinUsers (admins) or /api/reskin/myConversations (a user's own). */
export function listConversations(side: ReskinAuthor, signal?: AbortSignal): Promise<ReskinConversation[]> {
  const path = side === 'Admin' ? API_PATHS.reskin.allConversations : API_PATHS.reskin.myConversations;
  return apiFetch(path, signal ? { signal } : {}, (data) => reskinConversationListSchema.parse(data));
}

export function useConversations(side: ReskinAuthor) {
  return useQuery({ queryKey: reskinQueryKeys.conversations(side), queryFn: ({ signal }) => listConversations(side, signal) });
}
