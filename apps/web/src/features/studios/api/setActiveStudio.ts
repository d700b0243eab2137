import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, myStudiosSchema, type MyStudios } from '@market/contracts';
import { apiFetch } from '@/lib/api';

/** PUT /api/user/active-studio: act for a studio from the next request on; null acts as oneself. */
export function setActiveStudio(studioId: string | null): Promise<MyStudios> {
  return apiFetch(API_PATHS.studio.active, { method: 'PUT', body: { studioId } }, (data) => myStudiosSchema.parse(data));
}

export function useSetActiveStudio() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setActiveStudio,
    // Everything the page knows was read as someone else: every query asks again, the user first.
    onSuccess: async () => {
      await queryClient.invalidateQueries();
    },
  });
}
