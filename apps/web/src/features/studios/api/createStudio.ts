import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, studioSchema, type Studio } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { studioQueryKeys } from '../queryKeys';

/** POST /api/studio: the signed-in account becomes a studio, its holder the owner. */
export function createStudio(): Promise<Studio> {
  return apiFetch(API_PATHS.studio.create, { method: 'POST', body: {} }, (data) => studioSchema.parse(data));
}

export function useCreateStudio() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createStudio, onSuccess: () => queryClient.invalidateQueries({ queryKey: studioQueryKeys.all }) });
}
