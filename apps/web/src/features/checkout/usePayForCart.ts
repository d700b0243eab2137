import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { CheckoutLine, PurchaseRecorded } from '@market/contracts';
import { clearCart, type BundleCartItem, type CartItem } from '@/features/cart';
import { isApiError } from '@/lib/api';
import { PURCHASES_QUERY_ROOT } from '@/lib/queryKeys';
import { createPaymentIntent } from './api/createPaymentIntent';
import { recordPurchase } from './api/recordPurchase';
import { setDiscountCode } from './discountCode';

/** Confirms the card for an intent with the provider; throws CardFieldProblem or CardRefused. */
export type ConfirmCard = (clientSecret: string) => Promise<void>;

export function toCheckoutLine(item: CartItem): CheckoutLine {
  return { productId: item._id, licenseType: item.selectedLicense, isReskin: item.isReskin === 'true' ? 'true' : 'false' };
}

/** A bundle's line: the server prices its products from the bundle (docs/decisions/0011). */
export function toBundleCheckoutLine(item: BundleCartItem): CheckoutLine {
  return { bundleId: item._id, licenseType: item.selectedLicense };
}

const RECORD_ATTEMPTS = 3;

/** The card is already charged here: a lost answer is asked again (the server records an intent once). */
export async function recordPaidPurchase(paymentIntentId: string): Promise<PurchaseRecorded> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await recordPurchase(paymentIntentId);
    } catch (error) {
      const worthRetrying = isApiError(error) && (error.status === 0 || error.status >= 500);
      if (!worthRetrying || attempt >= RECORD_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/**
 * docs/product-spec.md §4 checkout: create the intent (the server prices the lines, with the code applied in the
 * cart when it applies), confirm the card, record
 * the purchase, then clear the cart, refresh purchases and go to /purchase-successful.
 * Nothing is recorded when any step before the last fails.
 */
export function usePayForCart(items: readonly CartItem[], bundles: readonly BundleCartItem[], code: string | null) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (confirmCard: ConfirmCard) => {
      const intent = await createPaymentIntent([...items.map(toCheckoutLine), ...bundles.map(toBundleCheckoutLine)], code);
      await confirmCard(intent.clientSecret);
      return recordPaidPurchase(intent.paymentIntentId);
    },
    // A code refused at the checkout (used up meanwhile) is shown with the server's word on it.
    onError: () => queryClient.invalidateQueries({ queryKey: ['cart-price'] }),
    onSuccess: () => {
      clearCart();
      setDiscountCode(null);
      void queryClient.invalidateQueries({ queryKey: [PURCHASES_QUERY_ROOT] });
      navigate('/purchase-successful');
    },
  });
}
