import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, reskinMarkedReadSchema, type ReskinAuthor, type ReskinConversationKey } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { reskinQueryKeys } from './keys';

/**
 * The reader opened the chat: PUT markAdminMessagesAsRead (a user reads the admin's messages) or
 * markUserMessagesAsRead (an admin reads the user's).
 */
export function markOtherSideRead(reader: ReskinAuthor, key: ReskinConversationKey): Promise<{ updated: number }> {
  const path = reader === 'User' ? API_PATHS.reskin.markAdminMessagesAsRead : API_PATHS.reskin.markUserMessagesAsRead;
  return apiFetch(path, { method: 'PUT', body: { ...key } }, (data) => reskinMarkedReadSchema.parse(data));
}

export function useMarkOtherSideRead(reader: ReskinAuthor) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: ReskinConversationKey) => markOtherSideRead(reader, key),
    onSuccess: ({ updated }) => {
      if (updated > 0) void queryClient.invalidateQueries({ queryKey: reskinQueryKeys.all });
    },
  });
}
