import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, reskinMessageSchema, type ReskinConversationKey, type ReskinMessage } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { reskinQueryKeys } from './keys';

export interface ChatMessageInput extends ReskinConversationKey {
  message: string;
  file: File | null;
}

/** POST /api/reskin/reskinFeatureUser as multipart; the server takes messageBy from the session. */
export function sendChatMessage({ userId, productId, message, file }: ChatMessageInput): Promise<ReskinMessage> {
  const form = new FormData();
  form.set('userId', userId);
  form.set('productId', productId);
  form.set('message', message);
  if (file) form.set('fileUpload', file);
  return apiFetch(API_PATHS.reskin.send, { body: form }, (data) => reskinMessageSchema.parse(data));
}

export function useSendChatMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendChatMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reskinQueryKeys.all }),
  });
}
