import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { showNotice } from '@/components/notice/notices';
import { customWorkQueryKeys, openMilestoneCheckout } from '@/features/custom-work';
import { recordPaidPurchase, type ConfirmCard } from './usePayForCart';

/**
 * A custom work milestone paid into escrow (docs/decisions/0013), as the cart is paid: the server
 * opens the intent for the amount shown, the card is confirmed, the payment recorded; then back to
 * the order, which now reads "Paid into escrow".
 */
export function usePayForCustomWork(customWorkId: string, amountCents: number) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (confirmCard: ConfirmCard) => {
      const intent = await openMilestoneCheckout(customWorkId, amountCents);
      await confirmCard(intent.clientSecret);
      return recordPaidPurchase(intent.paymentIntentId);
    },
    onError: () => queryClient.invalidateQueries({ queryKey: customWorkQueryKeys.one(customWorkId) }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: customWorkQueryKeys.all });
      navigate(`/custom-work/${customWorkId}`);
      showNotice('Paid into escrow: the seller can start the work');
    },
  });
}
