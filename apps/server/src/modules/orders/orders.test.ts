import { describe, expect, it } from 'vitest';
import { buyWithCard, openIntent, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, createApprovedProduct } from '../../test/factories.js';
import { createUser } from '../../test/helper.js';
import { newId } from '../../platform/ids.js';

async function shop() {
  const ctx = await buildCatalogueApp();
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx);
  const buyer = await createUser(ctx);
  const runner = await createApprovedProduct(ctx, seller, admin, { singleAppLicense: '49.99', multiAppLicense: '149', reskinPrice: '99' });
  return { ctx, seller, buyer, runner };
}

describe('orders', () => {
  it('fixes the seller and the newest approved release on each line when the payment is recorded', async () => {
    const { ctx, seller, buyer, runner } = await shop();
    const intent = await openIntent(ctx, buyer, [singleLine(runner._id, 'true')]);
    const pending = await ctx.services.orders.byIntent('simulated', intent.paymentIntentId);
    expect(pending!.lines.map((line) => line.releaseId)).toEqual([null, null]);

    const purchase = await buyWithCard(ctx, buyer, [singleLine(runner._id, 'true')]);

    const [newest] = await ctx.services.releases.approvedOf([runner._id]);
    const order = await ctx.services.orders.byId(purchase._id);
    expect(order).toMatchObject({ status: 'paid', totalCents: 4999, paidAt: purchase.createdAt });
    expect(order!.lines.map((line) => [line.kind, line.paidCents, line.sellerId, line.releaseId]).sort()).toEqual([
      ['licence', 4999, seller._id, newest!.id],
      ['reskin', 9900, seller._id, newest!.id],
    ]);
  });

  it('refuses a line whose paid cents are not list − discount + tax, or below zero', async () => {
    const { ctx, seller, buyer, runner } = await shop();
    const orderId = newId();
    const at = ctx.clock.now().toISOString();
    await ctx.db
      .insertInto('orders')
      .values({
        id: orderId,
        buyer_id: buyer._id,
        status: 'pending',
        currency: 'usd',
        provider: 'simulated',
        provider_intent_id: `pi_${orderId}`,
        total_cents: 4000,
        created_at: at,
        paid_at: null,
        updated_at: at,
      })
      .execute();
    const line = (cents: { list: number; discount: number; tax: number; paid: number }) =>
      ctx.db
        .insertInto('order_lines')
        .values({
          id: newId(),
          order_id: orderId,
          kind: 'licence',
          product_id: runner._id,
          release_id: null,
          license_type: 'Single App License',
          seller_id: seller._id,
          list_cents: cents.list,
          discount_cents: cents.discount,
          tax_cents: cents.tax,
          paid_cents: cents.paid,
        })
        .execute();

    await expect(line({ list: 4999, discount: 1000, tax: 0, paid: 4999 })).rejects.toThrow(/check|constraint/i);
    await expect(line({ list: 1000, discount: 2000, tax: 0, paid: -1000 })).rejects.toThrow(/check|constraint/i);
    await expect(line({ list: 4999, discount: 1000, tax: 1, paid: 4000 })).resolves.toBeDefined();
  });
});
