import { API_PATHS, purchaseRecordedSchema, type PurchaseRecorded } from '@market/contracts';
import { apiFetch } from '@/lib/api';

/**
 * POST /api/purchase/purchaseDetail with the payment intent id only: the server asks the
 * provider what was paid, by whom and for what, and records it once.
 */
export function recordPurchase(paymentIntentId: string): Promise<PurchaseRecorded> {
  return apiFetch(API_PATHS.purchase.record, { body: { transactionId: paymentIntentId } }, (data) => purchaseRecordedSchema.parse(data));
}
