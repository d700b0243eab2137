import type { SearchResults } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { createUser, injectAs, uniqueChannelPrefix, type TestContext } from '../../test/helper.js';
import {
  buildCatalogueApp,
  buildTwoCatalogueApps,
  createApprovedProduct,
  createProduct,
  multipart,
  titleJson,
} from '../../test/factories.js';
import { seedDemoData } from '../../demo/index.js';

const redisUrl = process.env.TEST_REDIS_URL;

const suggestions = async (ctx: TestContext, q: string) => {
  const response = await injectAs(ctx, null, { method: 'GET', url: `/api/product/search?${new URLSearchParams({ q })}` });
  expect(response.statusCode).toBe(200);
  return (response.json() as Array<{ title: { en: string } }>).map((product) => product.title.en);
};

const results = async (ctx: TestContext, query: Record<string, string>) => {
  const response = await injectAs(ctx, null, { method: 'GET', url: `/api/product/search/results?${new URLSearchParams(query)}` });
  expect(response.statusCode).toBe(200);
  const body = response.json() as SearchResults;
  return { ...body, titles: body.products.map((product) => product.title.en!) };
};

/** Misspellings of the demo catalogue's titles and keywords, each with the product meant. */
const MISSPELLINGS: Array<[string, string]> = [
  ['galaxi racer', 'Galaxy Racer'],
  ['bubbel pop', 'Bubble Pop Saga'],
  ['zombei', 'Zombie Siege'],
  ['solitare', 'Solitaire Classic'],
  ['tycon', 'Candy Farm Tycoon'],
  ['knigth', 'Knight Quest'],
  ['penalti', 'Penalty Kicks 2026'],
  ['crosword', 'Word Garden'],
  ['famliy dress', 'Family Dress Up'],
  ['drfit king', 'Drift King'],
  ['dungoen run', 'Pixel Dungeon Run'],
  ['pokker', 'Poker Night'],
  ['basketbal', 'Basketball Stars'],
  ['mistery', 'Hidden Objects Manor'],
  ['tank battel', 'Tank Battle Arena'],
  ['tetirs', 'Block Puzzle Jewel'],
  ['cookng fever', 'Cooking Fever Diner'],
  ['invadres', 'Space Invaders Reborn'],
  ['ludo partey', 'Ludo Party'],
  ['motorcross', 'Motocross Madness'],
  ['habbit tracker', 'Habit Tracker Pro'],
  ['barcod scaner', 'QR Scanner Plus'],
  ['invoise', 'Invoice Maker'],
  ['recepits', 'Shop POS Lite'],
  ['vidoe cutter', 'Video Cutter'],
  ['flashlihgt', 'Flashlight Pro'],
  ['expence splitter', 'Expense Splitter'],
  ['grocey list', 'Grocery List'],
  ['workuot timer', 'Workout Timer'],
  ['datting', 'Meet Cute'],
];

describe('search over the demo catalogue', () => {
  it('finds every Unity project, every puzzle game, and the products meant by misspelt words', async () => {
    const ctx = await buildCatalogueApp();
    await seedDemoData(ctx.services, ctx.db, ctx.clock.now());
    const approved = await ctx.db
      .selectFrom('products')
      .innerJoin('product_translations as t', (join) => join.onRef('t.product_id', '=', 'products.id').on('t.language', '=', 'en'))
      .select(['t.title', 'products.category', 'products.framework', 'products.sub_category', 'products.type'])
      .where('status', '=', 'Approved')
      .execute();
    const unity = approved.filter((row) => row.category === 'Unity' || row.framework === 'Unity').map((row) => row.title);
    const puzzles = approved.filter((row) => row.sub_category === 'Puzzle').map((row) => row.title);

    const unityResults = await results(ctx, { q: 'unity', limit: '100' });
    expect(unityResults.titles.sort()).toEqual(unity.sort());
    expect(unityResults.total).toBe(unity.length);
    expect(unity.length).toBeGreaterThanOrEqual(11);
    expect((await results(ctx, { q: 'puzzle' })).titles.sort()).toEqual(puzzles.sort());
    expect(puzzles).toHaveLength(3);
    expect(await suggestions(ctx, 'platfromer')).toEqual(['Jungle Jump']);
    expect(await suggestions(ctx, 'plat')).toContain('Jungle Jump');
    const racing = approved.filter((row) => row.sub_category === 'Racing').map((row) => row.title);
    expect((await results(ctx, { q: 'raceing' })).titles).toEqual(expect.arrayContaining(racing));
    expect((await results(ctx, { q: 'unity puzle' })).titles).toEqual([]);

    const missed: string[] = [];
    for (const [typed, meant] of MISSPELLINGS) {
      if (!(await suggestions(ctx, typed)).slice(0, 3).includes(meant)) missed.push(`${typed} → ${meant}`);
    }
    // All 30 are found today; the bar leaves room for a ranking change, and the message names the misses.
    expect(MISSPELLINGS.length - missed.length, `missed: ${missed.join('; ')}`).toBeGreaterThanOrEqual(28);

    const admin = await createUser(ctx, { role: 'Admin' });
    await createProduct(ctx, admin, {
      title: titleJson({ en: 'Gem Swap Mania' }),
      category: 'Unity',
      subCategory: 'Puzzle',
      keywords: JSON.stringify({ en: 'match3' }),
    });
    expect(await suggestions(ctx, 'unity puzle')).toEqual(['Gem Swap Mania']);
  }, 120_000);
});

describe('search results with filters and facets', () => {
  it('counts each facet over the text and the other filters, and pages the products matching all', async () => {
    const ctx = await buildCatalogueApp();
    const admin = await createUser(ctx, { role: 'Admin' });
    const make = (title: string, fields: Record<string, string>) =>
      createProduct(ctx, admin, { title: titleJson({ en: title }), ...fields });
    await make('Rocket Racer', {
      category: 'Android',
      subCategory: 'Racing',
      singleAppLicense: '20',
      multiAppLicense: '60',
      appStoreLink: '',
    });
    await make('Rocket Rally', {
      category: 'IOS',
      subCategory: 'Racing',
      singleAppLicense: '40',
      multiAppLicense: '80',
      googlePlayLink: '',
    });
    await make('Rocket Golf', {
      category: 'Unity',
      subCategory: 'Sports',
      singleAppLicense: '120',
      multiAppLicense: '300',
      googlePlayLink: '',
    });
    await make('Quiet Notes', { category: 'Android', subCategory: 'Utilities', singleAppLicense: '10', multiAppLicense: '10' });

    const all = await results(ctx, { q: 'rocket' });
    expect(all.total).toBe(3);
    expect(all.facets.category).toEqual([
      { value: 'Android', count: 1 },
      { value: 'IOS', count: 1 },
      { value: 'Unity', count: 1 },
    ]);

    const racingUnder50 = await results(ctx, { q: 'rocket', subCategory: 'Racing', maxPrice: '50', platform: 'iOS' });
    expect(racingUnder50.titles).toEqual(['Rocket Rally']);
    expect(racingUnder50.total).toBe(1);
    // subCategory counted over rocket + price < 50 + iOS: only Rally is iOS under $50.
    expect(racingUnder50.facets.subCategory).toEqual([{ value: 'Racing', count: 1 }]);
    // platform counted over rocket + Racing + price < 50: Racer (Android) and Rally (iOS).
    expect(racingUnder50.facets.platform).toEqual([
      { value: 'Android', count: 1 },
      { value: 'iOS', count: 1 },
    ]);
    // price counted over rocket + Racing + iOS: Rally only.
    expect(racingUnder50.facets.price.map((range) => [range.value, range.count])).toEqual([
      ['0-25', 0],
      ['25-50', 1],
      ['50-100', 0],
      ['100+', 0],
    ]);

    const browse = await results(ctx, { sort: 'price_asc', limit: '2', offset: '1' });
    expect(browse.total).toBe(4);
    expect(browse.titles).toEqual(['Rocket Racer', 'Rocket Rally']);
    expect((await injectAs(ctx, null, { method: 'GET', url: '/api/product/search/results?sort=cheap' })).statusCode).toBe(400);
  });
});

describe('the search index on two instances', () => {
  it.skipIf(!redisUrl)('follows an edit and an approval made on the other instance', async () => {
    const [a, b] = await buildTwoCatalogueApps({ REDIS_URL: redisUrl!, EVENTS_CHANNEL_PREFIX: uniqueChannelPrefix() });
    const admin = await createUser(a, { role: 'Admin' });
    const seller = await createUser(a);
    const product = await createProduct(a, admin, { title: titleJson({ en: 'Alpha Orbit' }) });
    await expect.poll(() => suggestions(b, 'orbit')).toEqual(['Alpha Orbit']);

    const { payload, headers } = await multipart({ title: titleJson({ en: 'Omega Orbit' }) });
    await injectAs(a, admin, { method: 'PUT', url: `/api/product/editProduct/${product._id}`, payload, headers });
    await expect.poll(() => suggestions(b, 'omgea orbit')).toEqual(['Omega Orbit']);

    await createApprovedProduct(a, seller, admin, { title: titleJson({ en: 'Pending Orbit' }) });
    await expect.poll(async () => (await suggestions(b, 'orbit')).sort()).toEqual(['Omega Orbit', 'Pending Orbit']);
  });
});
