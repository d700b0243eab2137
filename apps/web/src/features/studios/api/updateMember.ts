import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, apiPath, type InvitableStudioRole, studioMembersSchema, type StudioMembers } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { studioQueryKeys } from '../queryKeys';

/** PUT /api/studio/members/{id}: a member's new role (never the owner's). */
export function updateMember({ userId, role }: { userId: string; role: InvitableStudioRole }): Promise<StudioMembers> {
  return apiFetch(apiPath(API_PATHS.studio.member, { id: userId }), { method: 'PUT', body: { role } }, (data) =>
    studioMembersSchema.parse(data),
  );
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: studioQueryKeys.all }) });
}
