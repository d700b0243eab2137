import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, RESKIN_OPENING_MESSAGE, reskinMessageSchema, type ReskinMessage } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { reskinQueryKeys } from './keys';

/** POST /api/reskin/reskinFeatureUser as JSON: the 'Yes' from the product page opens (or reuses) the user's chat. */
export function startReskinChat(productId: string): Promise<ReskinMessage> {
  return apiFetch(API_PATHS.reskin.send, { body: { productId, message: RESKIN_OPENING_MESSAGE, messageBy: 'User' } }, (data) =>
    reskinMessageSchema.parse(data),
  );
}

export function useStartReskinChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startReskinChat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reskinQueryKeys.all }),
  });
}
