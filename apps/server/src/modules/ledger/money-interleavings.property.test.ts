import type { Earnings, Purchase } from '@market/contracts';
import * as fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openIntent, postPurchaseDetail, singleLine, stripeRefundWebhook, stripeWebhook } from '../../test/commerce.js';
import { buildCatalogueApp, createApprovedProduct, type CatalogueContext } from '../../test/factories.js';
import { type FakeStripe, startFakeStripe } from '../../test/fake-stripe.js';
import { createUser, injectAs, type TestUser } from '../../test/helper.js';
import { figuresBeforeTheLedger } from '../../test/money-history.js';
import { soldLicences } from '../licences/index.js';
import { soldLicenceLines } from '../orders/index.js';

/** What a person of the shop does; indexes pick among what exists when the step runs. */
type Step =
  | { kind: 'checkout'; buyer: number; product: number }
  /** Paid at Stripe, and the buyer's page never comes back: the webhook or the reconciliation records it. */
  | { kind: 'checkoutPageLost'; buyer: number; product: number }
  | { kind: 'replayPurchase'; purchase: number }
  /** Stripe (re)sends payment_intent.succeeded or charge.refunded for a paid intent. */
  | { kind: 'webhookSucceeded'; intent: number }
  | { kind: 'webhookRefunded'; intent: number }
  /** A reconciliation round, a minute and a half later. */
  | { kind: 'reconcile' }
  | { kind: 'refund'; purchase: number }
  | { kind: 'askForRefund'; purchase: number }
  | { kind: 'withdraw'; seller: number; cents: number }
  | { kind: 'markPaid'; withdrawal: number };

const pick = fc.nat({ max: 20 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('checkout' as const), buyer: pick, product: pick }) },
  fc.record({ kind: fc.constant('checkoutPageLost' as const), buyer: pick, product: pick }),
  fc.record({ kind: fc.constant('replayPurchase' as const), purchase: pick }),
  fc.record({ kind: fc.constant('webhookSucceeded' as const), intent: pick }),
  fc.record({ kind: fc.constant('webhookRefunded' as const), intent: pick }),
  fc.record({ kind: fc.constant('reconcile' as const) }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('refund' as const), purchase: pick }) },
  fc.record({ kind: fc.constant('askForRefund' as const), purchase: pick }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('withdraw' as const), seller: pick, cents: fc.integer({ min: 1, max: 12_000 }) }) },
  fc.record({ kind: fc.constant('markPaid' as const), withdrawal: pick }),
);

interface Shop {
  ctx: CatalogueContext;
  stripe: FakeStripe;
  admin: TestUser;
  sellers: TestUser[];
  buyers: TestUser[];
  products: string[];
  purchases: Array<{ purchase: Purchase; buyer: TestUser }>;
  /** Every intent paid at Stripe, recorded or not. */
  paidIntents: string[];
  withdrawals: string[];
}

async function openShop(): Promise<Shop> {
  const stripe = await startFakeStripe();
  const ctx = await buildCatalogueApp(stripe.env());
  const admin = await createUser(ctx, { role: 'Admin' });
  const sellers = [await createUser(ctx), await createUser(ctx)];
  const buyers = [await createUser(ctx), await createUser(ctx)];
  const products = [];
  for (const seller of sellers) products.push((await createApprovedProduct(ctx, seller, admin))._id);
  return { ctx, stripe, admin, sellers, buyers, products, purchases: [], paidIntents: [], withdrawals: [] };
}

const of = <T>(list: readonly T[], index: number): T | undefined => (list.length ? list[index % list.length] : undefined);

/** Runs one step through the API; refusals (409, 400) are answers too, only a 500 is a failure. */
async function run(shop: Shop, next: Step): Promise<void> {
  const { ctx, admin } = shop;
  let status = 200;
  if (next.kind === 'checkout' || next.kind === 'checkoutPageLost') {
    const buyer = of(shop.buyers, next.buyer)!;
    try {
      const intent = await openIntent(ctx, buyer, [singleLine(of(shop.products, next.product)!)]);
      shop.stripe.succeed(intent.paymentIntentId);
      shop.paidIntents.push(intent.paymentIntentId);
      if (next.kind === 'checkout') {
        const recorded = await postPurchaseDetail(ctx, buyer, intent.paymentIntentId);
        status = recorded.statusCode;
        if (status < 300) shop.purchases.push({ purchase: (recorded.json() as { purchase: Purchase }).purchase, buyer });
      }
    } catch (error) {
      // Ten checkouts a minute per buyer (docs/product-spec.md): the limit answered, which is no failure.
      if (!String(error).includes('429')) throw error;
    }
  } else if (next.kind === 'webhookSucceeded') {
    const intentId = of(shop.paidIntents, next.intent);
    if (intentId) status = (await stripeWebhook(ctx, intentId)).statusCode;
  } else if (next.kind === 'webhookRefunded') {
    const intentId = of(shop.paidIntents, next.intent);
    if (intentId) status = (await stripeRefundWebhook(ctx, intentId, shop.stripe.intents.get(intentId)!.amount_refunded ?? 0)).statusCode;
  } else if (next.kind === 'reconcile') {
    ctx.clock.advance(90_000);
    await ctx.services.reconciliation.runOnce();
  } else if (next.kind === 'replayPurchase') {
    const bought = of(shop.purchases, next.purchase);
    if (bought) status = (await postPurchaseDetail(ctx, bought.buyer, bought.purchase.transactionId)).statusCode;
  } else if (next.kind === 'refund') {
    const bought = of(shop.purchases, next.purchase);
    if (bought) {
      const payload = { purchaseId: bought.purchase._id, reason: 'The project does not build' };
      status = (await injectAs(ctx, admin, { method: 'POST', url: '/api/purchase/refund', payload })).statusCode;
    }
  } else if (next.kind === 'askForRefund') {
    const bought = of(shop.purchases, next.purchase);
    if (bought) {
      const payload = { purchaseId: bought.purchase._id, productId: bought.purchase.products[0]!.productId, reason: 'It crashes on start' };
      status = (await injectAs(ctx, bought.buyer, { method: 'POST', url: '/api/purchase/refundRequest', payload })).statusCode;
    }
  } else if (next.kind === 'withdraw') {
    const payload = { email: 'paypal@example.com', withdrawAmount: next.cents / 100 };
    const response = await injectAs(ctx, of(shop.sellers, next.seller)!, { method: 'POST', url: '/api/withdraw/withdrawDetil', payload });
    status = response.statusCode;
    if (status === 201) shop.withdrawals.push((response.json() as { withdrawal: { _id: string } }).withdrawal._id);
  } else {
    const id = of(shop.withdrawals, next.withdrawal);
    if (id) status = (await injectAs(ctx, admin, { method: 'PUT', url: `/api/withdraw/updateStatus/${id}` })).statusCode;
  }
  expect(status, `${next.kind} answered ${status}`).toBeLessThan(500);
}

async function expectMoneyHolds(shop: Shop): Promise<void> {
  const { ctx } = shop;
  expect(await ctx.services.ledger.check()).toEqual({ unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] });
  for (const seller of shop.sellers) {
    const shown = (await injectAs(ctx, seller, { method: 'GET', url: '/api/user/earnings' })).json() as Earnings;
    // The ledger's figures are docs/product-spec.md §9's formula over the rows each event left.
    expect(shown).toEqual(await figuresBeforeTheLedger(ctx, seller._id));
    // Only a refund after a withdrawal may take a balance below zero.
    const refunds = await ctx.db.selectFrom('refunds').select('id').where('seller_id', '=', seller._id).execute();
    expect(refunds.length === 0 && shown.availableBalance < 0, 'below zero without a refund').toBe(false);
  }
  // No line is paid twice: one sale transaction per line, one purchase per payment.
  const salesPerLine = await ctx.db
    .selectFrom('ledger_entries')
    .select(['order_line_id', sql<number>`count(distinct transaction_id)`.as('n')])
    .where('kind', '=', 'sale')
    .groupBy('order_line_id')
    .having(sql`count(distinct transaction_id)`, '>', 1)
    .execute();
  expect(salesPerLine).toEqual([]);
  const lines = await soldLicenceLines(ctx.db).select('l.id').execute();
  const sold = await ctx.db.selectFrom('ledger_entries').select('order_line_id').distinct().where('kind', '=', 'sale').execute();
  expect(sold).toHaveLength(lines.length);
  // Stripe's side and ours agree: each paid intent one purchase, each line's refunds at Stripe its refund entries.
  const purchases = await ctx.db
    .selectFrom('orders')
    .select('provider_intent_id as transaction_id')
    .where('paid_at', 'is not', null)
    .execute();
  expect(purchases.map((row) => row.transaction_id).toSorted()).toEqual(shop.paidIntents.toSorted());
  const refundedAtStripe = new Map<string, number>();
  for (const refund of shop.stripe.refunds) {
    const line = refund.metadata.purchaseLineId!;
    refundedAtStripe.set(line, (refundedAtStripe.get(line) ?? 0) + refund.amount);
  }
  const refundEntries = await ctx.db
    .selectFrom('ledger_entries')
    .select(['order_line_id', sql<number>`sum(amount_cents)`.as('cents')])
    .where('account', '=', 'provider:stripe')
    .where('refund_id', 'is not', null)
    .groupBy('order_line_id')
    .execute();
  const refundedInLedger = new Map(
    refundEntries.filter((row) => Number(row.cents) !== 0).map((row) => [row.order_line_id!, Number(row.cents)]),
  );
  expect(refundedInLedger).toEqual(refundedAtStripe);
  // No licence outlives its refund.
  const refundedButActive = await ctx.db
    .selectFrom('refunds')
    .innerJoin(soldLicences(ctx.db).select(['l.id as line_id', 'c.status']).as('sold'), 'sold.line_id', 'refunds.purchase_line_id')
    .select('refunds.id')
    .where('refunds.status', '=', 'succeeded')
    .where('sold.status', '=', 'Active')
    .execute();
  expect(refundedButActive).toEqual([]);
}

describe('money under random interleavings', () => {
  it('keeps the ledger balanced, every balance equal to the formula and to Stripe, every line paid once and every refund revoking, whatever webhooks and reconciliation rounds come between', async () => {
    let shopsChecked = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(step, { minLength: 1, maxLength: 3 }), { minLength: 2, maxLength: 6 }), async (rounds) => {
        const shop = await openShop();
        // A few sales first, so refunds and withdrawals have something to act on.
        for (const index of shop.buyers.keys()) await run(shop, { kind: 'checkout', buyer: index, product: index });
        // Each round's steps at once: they interleave inside the app and the database.
        for (const round of rounds) await Promise.all(round.map((next) => run(shop, next)));
        // Stripe retries a webhook until it is answered: every paid intent's arrives in the end.
        for (const intentId of shop.paidIntents) expect((await stripeWebhook(shop.ctx, intentId)).statusCode).toBe(200);
        await expectMoneyHolds(shop);
        shopsChecked += 1;
      }),
      { numRuns: 6 },
    );
    expect(shopsChecked).toBe(6);
  }, 240_000);
});
