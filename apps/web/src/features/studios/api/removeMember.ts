import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath, studioMembersSchema, type StudioMembers } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { studioQueryKeys } from '../queryKeys';

/** DELETE /api/studio/members/{id}: a member (their sessions stop acting for the studio at once) or a pending invitation. */
export function removeMember(id: string): Promise<StudioMembers> {
  return apiFetch(apiPath(API_PATHS.studio.member, { id }), { method: 'DELETE' }, (data) => studioMembersSchema.parse(data));
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: studioQueryKeys.all }) });
}
