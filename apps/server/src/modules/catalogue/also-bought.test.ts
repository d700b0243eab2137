import type { ProductDetail, ProductSummary } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { buyWithCard, singleLine } from '../../test/commerce.js';
import { buildCatalogueApp, createApprovedProduct, createProduct, recordSale, titleJson } from '../../test/factories.js';
import { createUser, injectAs, type TestContext, type TestUser } from '../../test/helper.js';

const DAY_MS = 24 * 60 * 60 * 1000;

const alsoBought = async (ctx: TestContext, productId: string) => {
  const response = await injectAs(ctx, null, { method: 'GET', url: `/api/product/${productId}/also-bought` });
  expect(response.statusCode).toBe(200);
  return (response.json() as ProductSummary[]).map((product) => product.title.en);
};

async function shop() {
  const ctx = await buildCatalogueApp();
  const admin = await createUser(ctx, { role: 'Admin' });
  const seller = await createUser(ctx, { name: 'Pixel Forge' });
  const game = (title: string) => createApprovedProduct(ctx, seller, admin, { title: titleJson({ en: title }), singleAppLicense: '10' });
  const buyers: TestUser[] = [];
  for (const name of ['Ann', 'Ben', 'Cat', 'Dan']) buyers.push(await createUser(ctx, { name: `${name} Buyer` }));
  return { ctx, admin, seller, game, buyers };
}

describe('GET /api/product/{id}/also-bought', () => {
  it('lists what the same buyers bought, in the same order or another, by how many bought both, never the product itself', async () => {
    const { ctx, game, buyers } = await shop();
    const [ann, ben, cat] = buyers as [TestUser, TestUser, TestUser];
    const runner = await game('Space Runner');
    const puzzle = await game('Block Puzzle');
    const racer = await game('Neon Racer');
    const chess = await game('Pocket Chess');

    await buyWithCard(ctx, ann, [singleLine(runner._id), singleLine(puzzle._id)]);
    await buyWithCard(ctx, ben, [singleLine(runner._id)]);
    await buyWithCard(ctx, ben, [singleLine(racer._id), singleLine(puzzle._id)]);
    // Cat never bought Space Runner: her Pocket Chess is no co-purchase of it.
    await buyWithCard(ctx, cat, [singleLine(puzzle._id), singleLine(chess._id)]);

    expect(await alsoBought(ctx, runner._id)).toEqual(['Block Puzzle', 'Neon Racer']);
    expect(await alsoBought(ctx, chess._id)).toEqual(['Block Puzzle']);
    expect(await alsoBought(ctx, puzzle._id)).toHaveLength(3);
  });

  it('leaves out refunded lines, both the other product bought and the product itself', async () => {
    const { ctx, admin, game, buyers } = await shop();
    const [ann, ben] = buyers as [TestUser, TestUser];
    const runner = await game('Space Runner');
    const puzzle = await game('Block Puzzle');
    const racer = await game('Neon Racer');
    const annPurchase = await buyWithCard(ctx, ann, [singleLine(runner._id), singleLine(puzzle._id), singleLine(racer._id)]);
    const benPurchase = await buyWithCard(ctx, ben, [singleLine(runner._id), singleLine(racer._id)]);

    const refund = (purchaseId: string, productId: string) =>
      injectAs(ctx, admin, { method: 'POST', url: '/api/purchase/refund', payload: { purchaseId, productId, reason: 'Does not build' } });
    expect((await refund(annPurchase._id, puzzle._id)).statusCode).toBe(200);
    expect((await refund(benPurchase._id, runner._id)).statusCode).toBe(200);

    // Ann's Block Puzzle was refunded; Ben's Space Runner too, so his Neon Racer no longer counts.
    expect(await alsoBought(ctx, runner._id)).toEqual(['Neon Racer']);
    expect(await alsoBought(ctx, racer._id)).toEqual(['Space Runner']);
  });

  it('lists only approved products: a pending or rejected one bought alongside is left out', async () => {
    const { ctx, admin, seller, game, buyers } = await shop();
    const [ann] = buyers as [TestUser];
    const runner = await game('Space Runner');
    const puzzle = await game('Block Puzzle');
    const pending = await createProduct(ctx, seller, { title: titleJson({ en: 'Still Pending' }) });
    const rejected = await createProduct(ctx, seller, { title: titleJson({ en: 'Turned Down' }) });
    const rejection = await injectAs(ctx, admin, {
      method: 'PUT',
      url: `/api/product/reject-product/${rejected._id}`,
      payload: { reason: 'Copyright or licence problem' },
    });
    expect(rejection.statusCode).toBe(200);
    expect(pending.status).toBe('Pending');

    // Sold before their review went the way it did, as orders kept from before a change of status are.
    await recordSale(ctx, ann._id, [runner._id, puzzle._id, pending._id, rejected._id], ctx.clock.now());

    expect(await alsoBought(ctx, runner._id)).toEqual(['Block Puzzle']);
  });

  it('counts purchases of the last 180 days only, and answers at most 8, the most bought together first, then the newest', async () => {
    const { ctx, game, buyers } = await shop();
    const runner = await game('Space Runner');
    const others: ProductDetail[] = [];
    for (let n = 1; n <= 10; n += 1) {
      // A second apart, so equal counts fall back to the newest product.
      ctx.clock.advance(1000);
      others.push(await game(`Game ${n}`));
    }
    const now = ctx.clock.now().getTime();
    const [ann, ben, cat, dan] = buyers as [TestUser, TestUser, TestUser, TestUser];
    const ids = (...numbers: number[]) => numbers.map((n) => others[n - 1]!._id);
    // Game 1 by three of Space Runner's buyers, Game 2 by two, Games 3 to 9 by one.
    await recordSale(ctx, ann._id, [runner._id, ...ids(1, 2, 3, 4, 5, 6, 7, 8, 9)], new Date(now - 10 * DAY_MS));
    await recordSale(ctx, ben._id, [runner._id, ...ids(1, 2)], new Date(now - 179 * DAY_MS));
    await recordSale(ctx, cat._id, [runner._id], new Date(now - DAY_MS));
    await recordSale(ctx, cat._id, ids(1), new Date(now - 2 * DAY_MS));
    // Dan's purchase is older than 180 days: Game 10, the newest, would otherwise come third.
    await recordSale(ctx, dan._id, [runner._id, ...ids(10)], new Date(now - 181 * DAY_MS));

    expect(await alsoBought(ctx, runner._id)).toEqual(['Game 1', 'Game 2', 'Game 9', 'Game 8', 'Game 7', 'Game 6', 'Game 5', 'Game 4']);
  });

  it('answers an empty list for a product nobody bought, and 400 for an id that is not one', async () => {
    const { ctx, game } = await shop();
    const runner = await game('Space Runner');
    expect(await alsoBought(ctx, runner._id)).toEqual([]);
    expect((await injectAs(ctx, null, { method: 'GET', url: '/api/product/not%20an%20id!/also-bought' })).statusCode).toBe(400);
  });
});
