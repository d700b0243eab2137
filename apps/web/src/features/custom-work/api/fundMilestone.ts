import { API_PATHS, createPaymentIntentResponseSchema, type CreatePaymentIntentResponse } from '@market/contracts';
import { apiFetch } from '@/lib/api';

/**
 * POST /api/payment/create-payment-intent with `customWorkId`: the server prices the current
 * milestone and opens its intent. The amount shown is sent, so a changed order is refused, not charged.
 */
export function openMilestoneCheckout(customWorkId: string, amountCents: number): Promise<CreatePaymentIntentResponse> {
  return apiFetch(API_PATHS.payment.createIntent, { body: { customWorkId, currency: 'usd', amount: amountCents } }, (data) =>
    createPaymentIntentResponseSchema.parse(data),
  );
}
