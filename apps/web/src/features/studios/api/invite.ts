import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, createdStudioInvitationSchema, type CreatedStudioInvitation, type InviteStudioMemberBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { studioQueryKeys } from '../queryKeys';

/** POST /api/studio/members: an invitation link for an email and a role (also mailed). 409 for a member already. */
export function invite(body: InviteStudioMemberBody): Promise<CreatedStudioInvitation> {
  return apiFetch(API_PATHS.studio.members, { method: 'POST', body: { ...body } }, (data) => createdStudioInvitationSchema.parse(data));
}

export function useInvite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: invite, onSuccess: () => queryClient.invalidateQueries({ queryKey: studioQueryKeys.all }) });
}
