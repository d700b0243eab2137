import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, updateDownloadResponseSchema, type UpdateDownloadResponse } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { PURCHASES_QUERY_ROOT } from '@/lib/queryKeys';

export interface DownloadLine {
  purchaseId: string;
  productId: string;
}

/** PUT /api/purchase/updateDownload: the server decides, by its own clock, whether the window is open. */
export function updateDownload(line: DownloadLine): Promise<UpdateDownloadResponse> {
  return apiFetch(API_PATHS.purchase.updateDownload, { method: 'PUT', body: { ...line } }, (data) =>
    updateDownloadResponseSchema.parse(data),
  );
}

export function useUpdateDownload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDownload,
    onSettled: () => queryClient.invalidateQueries({ queryKey: [PURCHASES_QUERY_ROOT] }),
  });
}
