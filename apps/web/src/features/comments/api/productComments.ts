import { useQuery } from '@tanstack/react-query';
import { API_PATHS, publicCommentSchema, type PublicComment } from '@market/contracts';
import { z } from 'zod';
import { apiFetch } from '@/lib/api';
import { commentKeys } from './keys';

const publicCommentListSchema = z.array(publicCommentSchema);

/** GET /api/comment/allComments?productId=…: that product's comments, newest first, without emails. */
export function getProductComments(productId: string, signal?: AbortSignal): Promise<PublicComment[]> {
  const query = new URLSearchParams({ productId });
  return apiFetch(`${API_PATHS.comment.all}?${query}`, { signal }, (data) => publicCommentListSchema.parse(data));
}

export function useProductComments(productId: string) {
  return useQuery({
    queryKey: commentKeys.ofProduct(productId),
    queryFn: ({ signal }) => getProductComments(productId, signal),
  });
}
