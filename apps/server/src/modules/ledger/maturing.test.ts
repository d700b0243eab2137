import type { Purchase } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buyThroughStripe, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, buildTwoCatalogueApps, sellerWithTwoProducts } from '../../test/factories.js';
import { startFakeStripe } from '../../test/fake-stripe.js';
import { injectAs, type TestContext, type TestUser } from '../../test/helper.js';
import { DAY_MS, MINUTE_MS } from '../../platform/clock.js';
import { maturingAccount, sellerAccount } from './accounts.js';

const CONNECT = { PAYOUT_MODE: 'connect', PAYOUT_HOLD_DAYS: '7' };

/** The shop taking cards through the fake Stripe, paying sellers as `env` says. */
async function stripeShop(env: Record<string, string>) {
  const stripe = await startFakeStripe();
  const ctx = await buildCatalogueApp({ ...stripe.env(), ...env });
  return { ctx, stripe, ...(await sellerWithTwoProducts(ctx)) };
}

const refund = (ctx: TestContext, admin: TestUser, purchase: Purchase, productId: string) =>
  injectAs(ctx, admin, {
    method: 'POST',
    url: '/api/purchase/refund',
    payload: { purchaseId: purchase._id, productId, reason: 'The archive does not build' },
  });

const balances = async (ctx: TestContext, seller: TestUser) => ({
  maturing: await ctx.services.ledger.balanceOf(maturingAccount(seller._id)),
  available: await ctx.services.ledger.balanceOf(sellerAccount(seller._id)),
});

const CLEAN = { unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] };

describe('earnings maturing before payouts through Stripe Connect', () => {
  it('keeps a sale on the maturing account until the hold has passed, then makes it available once', async () => {
    const { ctx, stripe, seller, buyer, runner } = await stripeShop(CONNECT);
    await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);

    expect(await balances(ctx, seller)).toEqual({ maturing: 4999, available: 0 });
    expect(await ctx.services.ledger.matureDue()).toBe(0);
    ctx.clock.advance(7 * DAY_MS - MINUTE_MS);
    expect(await ctx.services.ledger.matureDue()).toBe(0);

    ctx.clock.advance(MINUTE_MS);
    expect(await ctx.services.ledger.matureDue()).toBe(1);
    expect(await balances(ctx, seller)).toEqual({ maturing: 0, available: 4999 });
    expect(await ctx.services.ledger.matureDue()).toBe(0);
    expect(await balances(ctx, seller)).toEqual({ maturing: 0, available: 4999 });
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('takes a refund inside the window from what matures, and after it from the available balance', async () => {
    const { ctx, stripe, admin, seller, buyer, runner, puzzle } = await stripeShop(CONNECT);
    const purchase = await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id), singleLine(puzzle._id)]);

    expect((await refund(ctx, admin, purchase, runner._id)).statusCode).toBe(200);
    expect(await balances(ctx, seller)).toEqual({ maturing: 4999, available: 0 });

    ctx.clock.advance(7 * DAY_MS);
    // The refunded line has nothing left to move; the other one moves.
    expect(await ctx.services.ledger.matureDue()).toBe(1);
    expect(await balances(ctx, seller)).toEqual({ maturing: 0, available: 4999 });

    expect((await refund(ctx, admin, purchase, puzzle._id)).statusCode).toBe(200);
    expect(await balances(ctx, seller)).toEqual({ maturing: 0, available: 0 });
    expect(await ctx.services.ledger.matureDue()).toBe(0);
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('puts back on the maturing account what a refund Stripe refused had taken', async () => {
    const { ctx, stripe, admin, seller, buyer, runner } = await stripeShop(CONNECT);
    const purchase = await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);
    stripe.intents.get(purchase.transactionId)!.status = 'processing';

    expect((await refund(ctx, admin, purchase, runner._id)).statusCode).toBe(500);
    expect(await balances(ctx, seller)).toEqual({ maturing: 4999, available: 0 });

    ctx.clock.advance(7 * DAY_MS);
    expect(await ctx.services.ledger.matureDue()).toBe(1);
    expect(await balances(ctx, seller)).toEqual({ maturing: 0, available: 4999 });
    expect(await ctx.services.ledger.check()).toEqual(CLEAN);
  });

  it('matures each line once when two instances run the job at the same moment', async () => {
    const stripe = await startFakeStripe();
    const [first, second] = await buildTwoCatalogueApps({ ...stripe.env(), ...CONNECT });
    const { seller, buyer, runner, puzzle } = await sellerWithTwoProducts(first);
    await buyThroughStripe(first, stripe, buyer, [singleLine(runner._id), singleLine(puzzle._id)]);

    for (const instance of [first, second]) instance.clock.advance(8 * DAY_MS);
    const moved = await Promise.all([first.services.ledger.matureDue(), second.services.ledger.matureDue()]);

    expect(moved[0] + moved[1]).toBe(2);
    expect(await balances(first, seller)).toEqual({ maturing: 0, available: 9998 });
    expect(await first.services.ledger.check()).toEqual(CLEAN);
  });

  it('makes a sale available at once with manual payouts, as docs/product-spec.md has it', async () => {
    const { ctx, stripe, seller, buyer, runner } = await stripeShop({});
    await buyThroughStripe(ctx, stripe, buyer, [singleLine(runner._id)]);

    expect(await balances(ctx, seller)).toEqual({ maturing: 0, available: 4999 });
    ctx.clock.advance(30 * DAY_MS);
    expect(await ctx.services.ledger.matureDue()).toBe(0);
  });
});
