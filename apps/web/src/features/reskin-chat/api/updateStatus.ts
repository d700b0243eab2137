import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, reskinConversationSchema, type ReskinConversation, type ReskinConversationKey } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { reskinQueryKeys } from './keys';

/** PUT /api/reskin/updateStatus: toggles the chat between Open and Close (admins). */
export function toggleChatStatus(key: ReskinConversationKey): Promise<ReskinConversation> {
  return apiFetch(API_PATHS.reskin.updateStatus, { method: 'PUT', body: { ...key } }, (data) => reskinConversationSchema.parse(data));
}

export function useToggleChatStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleChatStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reskinQueryKeys.all }),
  });
}
