import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPath, API_PATHS, messageBodySchema } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { PRICED_PRODUCTS, saleQueryKeys } from '../queryKeys';

/** DELETE /api/sale/{id}: a scheduled sale is deleted ("Sale deleted"), a running one ends now and stays ("Sale ended"). */
export function deleteSale(id: string): Promise<string> {
  return apiFetch(apiPath(API_PATHS.sale.one, { id }), { method: 'DELETE' }, (data) => messageBodySchema.parse(data).message);
}

export function useDeleteSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSale,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: saleQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: PRICED_PRODUCTS }),
      ]),
  });
}
