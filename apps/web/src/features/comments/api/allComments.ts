import { useQuery } from '@tanstack/react-query';
import { adminCommentSchema, API_PATHS, type AdminComment } from '@market/contracts';
import { z } from 'zod';
import { apiFetch } from '@/lib/api';
import { commentKeys } from './keys';

const adminCommentListSchema = z.array(adminCommentSchema);

/** GET /api/comment/allComments as an admin: every comment with the author's email and the product. */
export function getAllComments(signal?: AbortSignal): Promise<AdminComment[]> {
  return apiFetch(API_PATHS.comment.all, { signal }, (data) => adminCommentListSchema.parse(data));
}

export function useAllComments() {
  return useQuery({ queryKey: commentKeys.everything, queryFn: ({ signal }) => getAllComments(signal), staleTime: 0 });
}
