import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addCommentResponseSchema, API_PATHS, type AddCommentBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { commentKeys } from './keys';

/** POST /api/comment/addComment; the server's message comes back on failure. */
export function addComment(body: AddCommentBody) {
  return apiFetch(API_PATHS.comment.add, { method: 'POST', body }, (data) => addCommentResponseSchema.parse(data));
}

export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentKeys.all }),
  });
}
