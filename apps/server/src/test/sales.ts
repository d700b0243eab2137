import { randomUUID } from 'node:crypto';
import type { LicenseType } from '@market/contracts';
import { saleOf } from '../modules/ledger/index.js';
import { newId } from '../platform/ids.js';
import type { TestContext } from './helper.js';

export interface SaleLine {
  productId: string;
  priceCents: number;
  licenseType?: LicenseType;
  /** The reskin price paid with the line (0 when the buyer did not ask for a reskin). */
  reskinPriceCents?: number;
}

/**
 * A paid purchase as the purchase flow stores it: the payment, the purchase and its lines.
 * Money tests use it to give sellers sales with exact prices; journeys buy through HTTP.
 */
export async function recordPurchase(ctx: TestContext, buyerId: string, lines: SaleLine[], at = ctx.clock.now()): Promise<string> {
  const paymentId = newId();
  const purchaseId = newId();
  const amountCents = lines.reduce((sum, line) => sum + line.priceCents, 0);
  const intentId = `pi_test_${newId()}`;
  await ctx.db
    .insertInto('payments')
    .values({
      id: paymentId,
      provider: 'simulated',
      provider_intent_id: intentId,
      user_id: buyerId,
      amount_cents: amountCents,
      currency: 'usd',
      lines: JSON.stringify(lines),
      status: 'succeeded',
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
    })
    .execute();
  await ctx.db
    .insertInto('purchases')
    .values({
      id: purchaseId,
      user_id: buyerId,
      payment_id: paymentId,
      amount_paid_cents: amountCents,
      transaction_id: intentId,
      payment_status: 'succeeded',
      created_at: at.toISOString(),
    })
    .execute();
  const stored = lines.map((line) => ({ ...line, lineId: newId() }));
  await ctx.db
    .insertInto('purchase_lines')
    .values(
      stored.map((line) => ({
        id: line.lineId,
        purchase_id: purchaseId,
        product_id: line.productId,
        license_type: line.licenseType ?? 'Single App License',
        is_reskin: line.reskinPriceCents ? 1 : 0,
        price_cents: line.priceCents,
        reskin_price_cents: line.reskinPriceCents ?? 0,
        purchase_code: randomUUID(),
      })),
    )
    .execute();
  await postSales(ctx, 'simulated', stored, at);
  return purchaseId;
}

/** The ledger's sale entries for lines stored straight in the database, as the purchase flow writes them. */
export async function postSales(
  ctx: TestContext,
  provider: string,
  lines: Array<{ lineId: string; productId: string; priceCents: number; reskinPriceCents?: number }>,
  at = ctx.clock.now(),
): Promise<void> {
  const products = [...new Set(lines.map((line) => line.productId))];
  const owners = await ctx.db.selectFrom('products').select(['id', 'user_id']).where('id', 'in', products).execute();
  const sellerOf = new Map(owners.map((row) => [row.id, row.user_id]));
  await ctx.db.transaction().execute(async (trx) => {
    for (const line of lines) {
      const sale = saleOf({
        lineId: line.lineId,
        sellerId: sellerOf.get(line.productId)!,
        provider,
        paidCents: line.priceCents,
        reskinCents: line.reskinPriceCents ?? 0,
      });
      await ctx.services.ledger.postIfAny(trx, sale && { ...sale, at: at.toISOString() });
    }
  });
}
