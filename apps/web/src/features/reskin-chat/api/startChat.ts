import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * The product page's 'Yes'. Its code loads when it is pressed: it brings the chat's schemas and zod,
 * which a product page's first load does not need.
 */
export function useStartReskinChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => import('./openingMessage').then(({ openReskinChat }) => openReskinChat(queryClient, productId)),
  });
}
