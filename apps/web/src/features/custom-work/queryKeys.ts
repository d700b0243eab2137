/** Custom work's reads (docs/decisions/0013): a step refreshes `all`, the lists and the order it changed. */
const root = ['custom-work'] as const;

export const customWorkQueryKeys = {
  all: root,
  mine: [...root, 'mine'] as const,
  admin: (status: string | undefined) => [...root, 'admin', status ?? 'any'] as const,
  ofChat: (buyerId: string, productId: string) => [...root, 'chat', buyerId, productId] as const,
  requests: [...root, 'requests'] as const,
  one: (id: string) => [...root, 'one', id] as const,
};
