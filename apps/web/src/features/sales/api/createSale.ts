import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_PATHS, saleEventSchema, type SaleEvent, type SaleEventBody } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { PRICED_PRODUCTS, saleQueryKeys } from '../queryKeys';

/**
 * POST /api/sale: 400 at the start when a product's price rose within 30 days (naming it and the
 * first day a sale may start), 409 at the products when one is in another sale then.
 */
export function createSale(body: SaleEventBody): Promise<SaleEvent> {
  return apiFetch(API_PATHS.sale.list, { method: 'POST', body: { ...body } }, (data) => saleEventSchema.parse(data));
}

export function useCreateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSale,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: saleQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: PRICED_PRODUCTS }),
      ]),
  });
}
