import type { ReskinConversationKey } from '@market/contracts';

/** Every reskin chat query lives under one root: a live event refreshes whatever of it is shown. */
export const reskinQueryKeys = {
  all: ['reskin'] as const,
  conversations: (side: 'User' | 'Admin') => ['reskin', 'conversations', side] as const,
  thread: (key: ReskinConversationKey) => ['reskin', 'thread', key.userId, key.productId] as const,
};
