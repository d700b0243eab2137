import { API_PATHS, createPaymentIntentResponseSchema, type CheckoutLine, type CreatePaymentIntentResponse } from '@market/contracts';
import { apiFetch } from '@/lib/api';
import { visitSource } from '@/lib/visitSource';

/**
 * POST /api/payment/create-payment-intent: the server prices the lines (and the code); no amount is
 * sent. The visit's source goes with it, so the order credits the sale to it (docs/decisions/0020).
 */
export function createPaymentIntent(products: CheckoutLine[], code: string | null = null): Promise<CreatePaymentIntentResponse> {
  const referrer = visitSource();
  return apiFetch(
    API_PATHS.payment.createIntent,
    { body: { products, currency: 'usd', ...(code === null ? {} : { code }), ...(referrer ? { referrer } : {}) } },
    (data) => createPaymentIntentResponseSchema.parse(data),
  );
}
