import { SIMULATED_SUCCESS_CARD, type SessionUser } from '@market/contracts';
import type { Kysely } from 'kysely';
import type { Services } from '../services.js';
import type { Database } from '../db/schema.js';

/**
 * One recent purchase made the way a buyer makes it (intent, simulated card, purchaseDetail), so
 * the buyer's purchases page has a live download and the seller's earnings show a real sale.
 * Skipped with Stripe configured: no card can be confirmed without a browser there.
 */
export async function seedDemoPurchase(
  services: Services,
  db: Kysely<Database>,
  buyer: SessionUser,
  seller: SessionUser,
  now: Date,
): Promise<void> {
  if (services.payments.config().provider !== 'simulated') return;
  const product = await db
    .selectFrom('products')
    .select('id')
    .where('user_id', '=', seller._id)
    .where('status', '=', 'Approved')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!product) return;
  await payAsBuyer(
    services,
    buyer,
    { products: [{ productId: product.id, licenseType: 'Multi App License', isReskin: 'false' }], currency: 'usd' },
    now,
  );
}

/** A checkout paid as the browser pays it: the intent, the simulated card, then the recording. */
export async function payAsBuyer(
  services: Services,
  buyer: SessionUser,
  checkout: Parameters<Services['payments']['createIntent']>[1],
  now: Date,
): Promise<void> {
  const intent = await services.payments.createIntent(buyer, checkout);
  await services.payments.confirmSimulated(buyer, {
    clientSecret: intent.clientSecret,
    number: SIMULATED_SUCCESS_CARD,
    expMonth: 12,
    expYear: now.getUTCFullYear() + 3,
    cvc: '123',
  });
  await services.purchases.record(buyer, intent.paymentIntentId);
}
