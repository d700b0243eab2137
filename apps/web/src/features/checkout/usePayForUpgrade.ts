import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { showNotice } from '@/components/notice/notices';
import { PURCHASES_QUERY_ROOT } from '@/lib/queryKeys';
import { upgradeLicence } from './api/upgradeLicence';
import { recordPaidPurchase, type ConfirmCard } from './usePayForCart';

/**
 * A licence's Single → Multi upgrade (docs/decisions/0010), paid as the cart is: the server opens the
 * intent for the price shown, the card is confirmed, the payment recorded; then back to the licences,
 * which now read Multi.
 */
export function usePayForUpgrade(code: string, amountCents: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (confirmCard: ConfirmCard) => {
      const intent = await upgradeLicence(code, amountCents);
      await confirmCard(intent.clientSecret);
      return recordPaidPurchase(intent.paymentIntentId);
    },
    // A price that moved, or a licence that changed, shows as the server now has it.
    onError: () => queryClient.invalidateQueries({ queryKey: [PURCHASES_QUERY_ROOT] }),
    onSuccess: () => {
      navigate('/userPanel/licences');
      void queryClient.invalidateQueries({ queryKey: [PURCHASES_QUERY_ROOT] });
      showNotice('Your licence is now a Multi App License');
    },
  });
}
