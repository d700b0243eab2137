import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { confirmCard, postPurchaseDetail, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, createApprovedProduct } from '../../test/factories.js';
import { createUser, injectAs, type TestUser } from '../../test/helper.js';

const MAX_USES = 3;
const PRODUCTS = 3;

type Step = { kind: 'open'; product: number } | { kind: 'pay'; checkout: number } | { kind: 'close'; product: number };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('open' as const), product: fc.integer({ min: 0, max: PRODUCTS - 1 }) }),
  fc.record({ kind: fc.constant('pay' as const), checkout: fc.nat({ max: 20 }) }),
  fc.record({ kind: fc.constant('close' as const), product: fc.integer({ min: 0, max: PRODUCTS - 1 }) }),
);

describe("a limited code's uses through checkouts opened, paid and closed in any order", () => {
  it('hold exactly the uses of checkouts still open and paid, and never more than the limit', { timeout: 120_000 }, async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const seller = await createUser(ctx);
    const products = await Promise.all(
      Array.from({ length: PRODUCTS }, () => createApprovedProduct(ctx, seller, admin, { singleAppLicense: '10', multiAppLicense: '20' })),
    );
    let run = 0;

    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 1, maxLength: 12 }), async (steps) => {
        run += 1;
        const code = `RUN${run}`;
        const made = await injectAs(ctx, seller, {
          method: 'POST',
          url: '/api/discount',
          payload: { code, kind: 'percent', amount: 10, maxRedemptions: MAX_USES },
        });
        expect(made.statusCode).toBe(201);
        const { _id: codeId } = made.json() as { _id: string };
        // The model: each checkout opened with the code, and where it stands.
        const checkouts: Array<{
          buyer: TestUser;
          product: number;
          clientSecret: string;
          intentId: string;
          state: 'open' | 'paid' | 'closed';
        }> = [];
        const used = () => checkouts.filter((checkout) => checkout.state !== 'closed').length;

        async function play(step: Step): Promise<{ answered: unknown; expected: unknown }> {
          if (step.kind === 'open') {
            const expected = used() < MAX_USES ? 200 : 400;
            // A buyer per checkout: one buyer's checkouts are rate-limited to ten a minute.
            const buyer = await createUser(ctx);
            const answer = await injectAs(ctx, buyer, {
              method: 'POST',
              url: '/api/payment/create-payment-intent',
              payload: { products: [singleLine(products[step.product]!._id)], currency: 'usd', code },
            });
            if (answer.statusCode === 200) {
              const { clientSecret, paymentIntentId } = answer.json() as { clientSecret: string; paymentIntentId: string };
              checkouts.push({ buyer, product: step.product, clientSecret, intentId: paymentIntentId, state: 'open' });
            }
            return { answered: answer.statusCode, expected };
          }
          if (step.kind === 'pay') {
            const checkout = checkouts[step.checkout];
            if (!checkout || checkout.state !== 'open') return { answered: 'nothing to pay', expected: 'nothing to pay' };
            const card = await confirmCard(ctx, checkout.buyer, checkout.clientSecret);
            const recorded = await postPurchaseDetail(ctx, checkout.buyer, checkout.intentId);
            checkout.state = 'paid';
            return { answered: [card.statusCode, recorded.statusCode], expected: [200, 201] };
          }
          // Closes every open checkout of the product (as deleting the product does), this run's and earlier runs'.
          const closed = await ctx.services.payments.closeCheckoutsOf(products[step.product]!._id);
          for (const checkout of checkouts) if (checkout.product === step.product && checkout.state === 'open') checkout.state = 'closed';
          return { answered: closed, expected: true };
        }

        for (const step of steps) {
          // What the step answered, beside what the model says it must answer.
          const { answered, expected } = await play(step);
          const row = await ctx.db.selectFrom('discount_codes').select('uses').where('id', '=', codeId).executeTakeFirstOrThrow();
          const redemptions = await ctx.db.selectFrom('discount_redemptions').select('status').where('code_id', '=', codeId).execute();
          const count = (status: string) => redemptions.filter((redemption) => redemption.status === status).length;
          expect({ uses: Number(row.uses), held: count('held'), paid: count('paid'), released: count('released') }).toEqual({
            uses: used(),
            held: checkouts.filter((checkout) => checkout.state === 'open').length,
            paid: checkouts.filter((checkout) => checkout.state === 'paid').length,
            released: checkouts.filter((checkout) => checkout.state === 'closed').length,
          });
          expect(answered).toEqual(expected);
          expect(used()).toBeLessThanOrEqual(MAX_USES);
        }
      }),
      { numRuns: 12 },
    );
  });
});
