import { API_PATHS, createPaymentIntentResponseSchema, type CheckoutLine, type CreatePaymentIntentResponse } from '@market/contracts';
import { apiFetch } from '@/lib/api';

/** POST /api/payment/create-payment-intent: the server prices the lines (and the code); no amount is sent. */
export function createPaymentIntent(products: CheckoutLine[], code: string | null = null): Promise<CreatePaymentIntentResponse> {
  return apiFetch(API_PATHS.payment.createIntent, { body: { products, currency: 'usd', ...(code === null ? {} : { code }) } }, (data) =>
    createPaymentIntentResponseSchema.parse(data),
  );
}
