import { API_PATHS, createPaymentIntentResponseSchema, type CheckoutLine, type CreatePaymentIntentResponse } from '@market/contracts';
import { apiFetch } from '@/lib/api';

/** POST /api/payment/create-payment-intent: the server prices the lines; no amount is sent. */
export function createPaymentIntent(products: CheckoutLine[]): Promise<CreatePaymentIntentResponse> {
  return apiFetch(API_PATHS.payment.createIntent, { body: { products, currency: 'usd' } }, (data) =>
    createPaymentIntentResponseSchema.parse(data),
  );
}
