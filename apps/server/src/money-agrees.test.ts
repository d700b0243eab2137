import type { CheckoutLine, ConnectPayout, PayoutHold, Purchase, Statement } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { multiLine, onboardWithStripe, openIntent, postPurchaseDetail, singleLine } from './test/commerce.js';
import { buildCatalogueApp, createApprovedProduct } from './test/factories.js';
import { type FakeStripe, startFakeStripe } from './test/fake-stripe.js';
import { createUser, injectAs, type TestContext, type TestUser } from './test/helper.js';
import { DAY_MS } from './platform/clock.js';
import { maturingAccount, providerAccount, sellerAccount } from './modules/ledger/index.js';

const ORDERS = 1000;
const DAYS = 60;
const SELLERS = 4;
// Taken in turn, enough that none opens more checkouts a minute than the limit allows a person.
const BUYERS = 200;
// Sessions outlast the two months the clock runs through; no refund rate holds a seller.
const CONNECT = { PAYOUT_MODE: 'connect', PAYOUT_HOLD_DAYS: '7', PAYOUT_SCHEDULE: 'daily', HOLD_REFUND_RATE: '1', SESSION_TTL_DAYS: '365' };
const CLEAN = { unbalancedTransactions: [], balancesOff: [], linesWithoutSale: [] };

/** A small seeded generator (mulberry32), so a failing day can be run again exactly. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (probability: number) => next() < probability,
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!,
    some: <T>(items: readonly T[], count: number) => [...items].sort(() => next() - 0.5).slice(0, count),
    between: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)),
  };
}

interface Order {
  purchase: Purchase;
  intentId: string;
  productIds: string[];
  fate: 'kept' | 'refunded' | 'disputed';
}

/** Every page of a seller's statement, as the earnings page and its CSV read it. */
async function wholeStatement(ctx: TestContext, seller: TestUser) {
  const entries: Statement['entries'] = [];
  let page: Statement;
  do {
    const response = await injectAs(ctx, seller, { method: 'GET', url: `/api/user/statement?limit=100&offset=${entries.length}` });
    expect(response.statusCode).toBe(200);
    page = response.json() as Statement;
    entries.push(...page.entries);
  } while (entries.length < page.total);
  return { entries, balanceCents: page.balanceCents };
}

async function shop() {
  const stripe = await startFakeStripe();
  const ctx = await buildCatalogueApp({ ...stripe.env(), ...CONNECT });
  stripe.fake.useClock(() => ctx.clock.now());
  const address = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  stripe.fake.webhook.url = `${address}/api/payment/webhook`;
  const admin = await createUser(ctx, { role: 'Admin' });
  const sellers: Array<{ seller: TestUser; accountId: string }> = [];
  const products: Array<{ id: string; sellerId: string }> = [];
  for (let index = 0; index < SELLERS; index += 1) {
    const seller = await createUser(ctx, { name: `Studio ${index}` });
    for (const [title, single] of [
      [`Game ${index}A`, `${19 + index}.99`],
      [`Game ${index}B`, `${5 + 3 * index}.49`],
    ] as const) {
      const product = await createApprovedProduct(ctx, seller, admin, {
        title: JSON.stringify({ en: title }),
        singleAppLicense: single,
        multiAppLicense: String(Number(single) * 3),
      });
      products.push({ id: product._id, sellerId: seller._id });
    }
    sellers.push({ seller, accountId: await onboardWithStripe(ctx, stripe, seller) });
  }
  const buyers: TestUser[] = [];
  for (let index = 0; index < BUYERS; index += 1) buyers.push(await createUser(ctx, { name: `Buyer ${index}` }));
  return { ctx, stripe, admin, sellers, products, buyers };
}

/** A checkout as the page runs it: the card confirmed at Stripe, then the page records the purchase (or the webhook did first). */
async function buy(ctx: TestContext, stripe: FakeStripe, buyer: TestUser, lines: CheckoutLine[]) {
  const intent = await openIntent(ctx, buyer, lines);
  await stripe.payWithCard(intent.paymentIntentId);
  const recorded = await postPurchaseDetail(ctx, buyer, intent.paymentIntentId);
  expect([200, 201]).toContain(recorded.statusCode);
  return { purchase: (recorded.json() as { purchase: Purchase }).purchase, intentId: intent.paymentIntentId };
}

// A minute and a half of orders on SQLite, five on PostgreSQL: run once. The rules it adds up are the
// same on both; the connect, disputes and refunds tests check each rule on PostgreSQL too.
describe.runIf(process.env.TEST_DB !== 'postgres')('a thousand orders over two months', () => {
  it(
    'leave the ledger, Stripe’s balance transactions and every seller’s statement agreeing to the cent',
    { timeout: 600_000 },
    async () => {
      const { ctx, stripe, admin, sellers, products, buyers } = await shop();
      const random = randomFrom(20261127);
      const start = ctx.clock.now();
      const orders: Order[] = [];
      const openDisputes: Array<{ id: string; closesOn: number }> = [];

      for (let day = 0; day < DAYS; day += 1) {
        const todays = day === DAYS - 1 ? ORDERS - orders.length : Math.round(ORDERS / DAYS);
        for (let index = 0; index < todays; index += 1) {
          const chosen = random.some(products, random.between(1, 3));
          const lines = chosen.map((product) => (random.chance(0.2) ? multiLine(product.id) : singleLine(product.id)));
          const { purchase, intentId } = await buy(ctx, stripe, buyers[orders.length % BUYERS]!, lines);
          orders.push({ purchase, intentId, productIds: chosen.map((product) => product.id), fate: 'kept' });
        }

        // Refunds of orders of any age: before the money matured, after it was paid out (a reversal or a debt).
        for (const order of random.some(orders, 3)) {
          if (order.fate !== 'kept' || !random.chance(0.6)) continue;
          order.fate = 'refunded';
          const refunded = await injectAs(ctx, admin, {
            method: 'POST',
            url: '/api/purchase/refund',
            payload: { purchaseId: order.purchase._id, productId: random.pick(order.productIds), reason: 'The archive does not build' },
          });
          expect(refunded.statusCode).toBe(200);
        }

        // Chargebacks: opened by the bank, decided some days later, won or lost.
        if (random.chance(0.35)) {
          const order = random.pick(orders);
          if (order.fate === 'kept') {
            order.fate = 'disputed';
            const dispute = await stripe.fake.openDispute(order.intentId);
            openDisputes.push({ id: dispute.id, closesOn: day + random.between(2, 20) });
          }
        }
        for (const dispute of openDisputes.filter((open) => open.closesOn === day)) {
          await stripe.fake.closeDispute(dispute.id, random.chance(0.5) ? 'won' : 'lost');
        }

        await stripe.fake.settled();
        ctx.clock.advance(DAY_MS);
        await releaseDueHolds(ctx, admin, sellers);
        await ctx.services.ledger.matureDue();
        await ctx.services.connectPayouts.runRound();
        // Now and then an operator takes part of a payout back in Stripe's dashboard.
        if (day % 20 === 10) {
          const transfer = [...stripe.fake.transfers.values()].at(-1)!;
          await stripe.fake.reverseInDashboard(transfer.id, Math.min(500, transfer.amount));
        }
      }
      // Past every refund window and every dispute: what is left becomes available and is paid out.
      for (const dispute of openDisputes.filter((open) => open.closesOn >= DAYS)) await stripe.fake.closeDispute(dispute.id, 'won');
      await stripe.fake.settled();
      ctx.clock.advance(8 * DAY_MS);
      await releaseDueHolds(ctx, admin, sellers, { all: true });
      await ctx.services.ledger.matureDue();
      await ctx.services.connectPayouts.runRound();
      await stripe.fake.settled();
      const end = ctx.clock.now();

      expect(stripe.fake.deliveries.filter((delivery) => delivery.status !== 200)).toEqual([]);
      expect(orders.filter((order) => order.fate === 'refunded').length).toBeGreaterThan(40);
      expect(orders.filter((order) => order.fate === 'disputed').length).toBeGreaterThan(10);
      expect(stripe.fake.events.filter((event) => event.type === 'transfer.reversed').length).toBeGreaterThanOrEqual(2);
      expect(await ctx.services.ledger.check()).toEqual(CLEAN);

      // The ledger and Stripe: movement by movement, and in all.
      expect(await ctx.services.providerComparison.differences(start, end)).toEqual([]);
      const stripeNet = stripe.fake.balanceTransactions.reduce((sum, transaction) => sum + transaction.net, 0);
      expect(-(await ctx.services.ledger.balanceOf(providerAccount('stripe')))).toBe(stripeNet);

      for (const { seller, accountId } of sellers) {
        // What the seller reads: the statement's entries add up to its balance, which is the ledger's.
        const statement = await wholeStatement(ctx, seller);
        const available = await ctx.services.ledger.balanceOf(sellerAccount(seller._id));
        expect(statement.entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(available);
        expect(statement.balanceCents).toBe(available);
        expect(statement.entries[0]?.balanceCents ?? 0).toBe(available);
        expect(await ctx.services.ledger.balanceOf(maturingAccount(seller._id))).toBe(0);

        // What reached the seller's Stripe account is what their payouts say was sent, less what came back.
        const payouts = (await injectAs(ctx, seller, { method: 'GET', url: '/api/payout/transfers' })).json() as ConnectPayout[];
        expect(payouts.length).toBeGreaterThan(0);
        const transfers = [...stripe.fake.transfers.values()].filter((transfer) => transfer.destination === accountId);
        const sentCents = transfers.reduce((sum, transfer) => sum + transfer.amount - transfer.amount_reversed, 0);
        const status = (await injectAs(ctx, seller, { method: 'GET', url: '/api/payout/status' })).json() as { availableCents: number };
        expect(status.availableCents).toBe(available);
        expect(sentCents).toBeGreaterThan(0);
        expect(sentCents).toBe(await sentToSeller(ctx, seller));
      }
    },
  );
});

/**
 * The admin's daily look at the holds the rules placed (a seller's first sale, a chargeback): each
 * whose review date has come is released; at the end, every one.
 */
async function releaseDueHolds(ctx: TestContext, admin: TestUser, sellers: Array<{ seller: TestUser }>, { all = false } = {}) {
  const today = ctx.clock.now().toISOString().slice(0, 10);
  for (const { seller } of sellers) {
    const holds = (await injectAs(ctx, admin, { method: 'GET', url: `/api/payout/holds?sellerId=${seller._id}` })).json() as PayoutHold[];
    for (const hold of holds.filter((candidate) => candidate.releasedAt === null && (all || candidate.reviewBy <= today))) {
      const released = await injectAs(ctx, admin, {
        method: 'DELETE',
        url: `/api/payout/holds/${hold._id}`,
        payload: { note: 'Reviewed' },
      });
      expect(released.statusCode).toBe(200);
    }
  }
}

/**
 * What the ledger says left the platform's Stripe balance for the seller: payouts sent less reversals.
 * The provider's account stands at minus what Stripe holds for us, so money leaving raises it.
 */
async function sentToSeller(ctx: TestContext, seller: TestUser): Promise<number> {
  const rows = await ctx.db
    .selectFrom('ledger_entries as e')
    .innerJoin('connect_payouts as p', 'p.id', 'e.withdrawal_id')
    .select((eb) => eb.fn.sum<number>('e.amount_cents').as('cents'))
    .where('p.seller_id', '=', seller._id)
    .where('e.account', '=', providerAccount('stripe'))
    .executeTakeFirstOrThrow();
  return Number(rows.cents ?? 0);
}
