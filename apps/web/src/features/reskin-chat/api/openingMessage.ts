import type { QueryClient } from '@tanstack/react-query';
import { API_PATHS, RESKIN_OPENING_MESSAGE, reskinMessageSchema, type ReskinMessage } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { reskinQueryKeys } from './keys';

/**
 * POST /api/reskin/reskinFeatureUser as JSON: the 'Yes' from the product page opens (or reuses) the
 * user's chat, and the chats shown anywhere are asked again.
 */
export async function openReskinChat(queryClient: QueryClient, productId: string): Promise<ReskinMessage> {
  const opening = await apiFetch(
    API_PATHS.reskin.send,
    { body: { productId, message: RESKIN_OPENING_MESSAGE, messageBy: 'User' } },
    (data) => reskinMessageSchema.parse(data),
  );
  await queryClient.invalidateQueries({ queryKey: reskinQueryKeys.all });
  return opening;
}
