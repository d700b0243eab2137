import { apiPath, API_PATHS, createPaymentIntentResponseSchema, type CreatePaymentIntentResponse } from '@market/contracts';
import { apiFetch } from '@/lib/api';

/**
 * POST /api/licence/{code}/upgrade: the server prices the upgrade and opens its payment intent, as
 * create-payment-intent does for a cart. The amount shown is sent, so a price that moved meanwhile is
 * refused rather than charged.
 */
export function upgradeLicence(code: string, amountCents: number): Promise<CreatePaymentIntentResponse> {
  return apiFetch(apiPath(API_PATHS.licence.upgrade, { code }), { body: { currency: 'usd', amount: amountCents } }, (data) =>
    createPaymentIntentResponseSchema.parse(data),
  );
}
