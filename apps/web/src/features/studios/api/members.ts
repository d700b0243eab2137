import { useQuery } from '@tanstack/react-query';
import { API_PATHS, studioMembersSchema, type StudioMembers } from '@market/contracts';
import { apiFetch, isApiError } from '@/lib/api';
import { studioQueryKeys } from '../queryKeys';

/** GET /api/studio/members: the studio's members and pending invitations; null while the account is no studio (404). */
export async function getMembers(signal?: AbortSignal): Promise<StudioMembers | null> {
  try {
    return await apiFetch(API_PATHS.studio.members, signal ? { signal } : {}, (data) => studioMembersSchema.parse(data));
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export function useMembers() {
  return useQuery({ queryKey: studioQueryKeys.members, queryFn: ({ signal }) => getMembers(signal), retry: false });
}
