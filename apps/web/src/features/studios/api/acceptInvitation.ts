import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptedStudioInvitationSchema, API_PATHS, apiPath, type AcceptedStudioInvitation } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { studioQueryKeys } from '../queryKeys';

/** POST /api/studio/invitations/{token}/accept: 410 once expired or used, 403 for another email. */
export function acceptInvitation(token: string): Promise<AcceptedStudioInvitation> {
  return apiFetch(apiPath(API_PATHS.studio.accept, { token }), { method: 'POST' }, (data) => acceptedStudioInvitationSchema.parse(data));
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptInvitation, onSuccess: () => queryClient.invalidateQueries({ queryKey: studioQueryKeys.all }) });
}
