import { describe, expect, it } from 'vitest';
import type { IndexedProduct, ProductFacts } from './search-index.js';
import { SearchIndexKeeper } from './search-keeper.js';

const facts: ProductFacts = {
  engine: null,
  platforms: [],
  category: 'Android',
  subCategory: 'Puzzle',
  priceCents: 100,
  reviewCount: 0,
  reviewTotal: 0,
  licences: [],
  unitsSold: 0,
  downloads: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** A catalogue in memory whose whole reads can be held until released, to see what searches meanwhile use. */
function catalogue() {
  const titles = new Map<string, string>();
  const held: Array<() => void> = [];
  let wholeReads = 0;
  let holdWholeReads = false;
  const product = (id: string): IndexedProduct => ({ id, fields: [{ text: titles.get(id)!, weight: 10 }], facts });
  const load = async (ids: readonly string[] | null) => {
    if (ids === null) {
      wholeReads += 1;
      const snapshot = [...titles.keys()].map(product);
      if (holdWholeReads) await new Promise<void>((resolve) => held.push(resolve));
      return snapshot;
    }
    return ids.filter((id) => titles.has(id)).map(product);
  };
  return {
    titles,
    load,
    hold: (on: boolean) => (holdWholeReads = on),
    release: () => held.splice(0).forEach((resolve) => resolve()),
    wholeReads: () => wholeReads,
  };
}

const found = async (keeper: SearchIndexKeeper, word: string) => [...(await keeper.current()).matchIds([[word]]).keys()].sort();

describe('keeping the search index current', () => {
  it('reloads named products before the next search, and forgets one no longer listed', async () => {
    const data = catalogue();
    data.titles.set('a', 'Alpha');
    const keeper = new SearchIndexKeeper(data.load);
    expect(await found(keeper, 'alpha')).toEqual(['a']);

    data.titles.set('a', 'Omega');
    data.titles.set('b', 'Omega Two');
    keeper.productsChanged(['a', 'b']);
    expect(await found(keeper, 'omega')).toEqual(['a', 'b']);
    data.titles.delete('b');
    keeper.productsChanged(['b']);
    expect(await found(keeper, 'omega')).toEqual(['a']);
    expect(data.wholeReads()).toBe(1);
  });

  it('answers from the previous index during a rebuild, runs at most one more, and keeps what was named meanwhile', async () => {
    const data = catalogue();
    data.titles.set('a', 'Alpha');
    const keeper = new SearchIndexKeeper(data.load);
    await keeper.current();

    data.hold(true);
    data.titles.set('c', 'Comet');
    keeper.refresh();
    keeper.refresh();
    keeper.refresh();
    // The rebuild read its rows before this change was written; the named reload must survive it.
    data.titles.set('d', 'Comet Late');
    keeper.productsChanged(['d']);
    expect(await found(keeper, 'comet')).toEqual(['d']);

    data.hold(false);
    data.release();
    await expect.poll(() => data.wholeReads()).toBe(3);
    await expect.poll(() => found(keeper, 'comet')).toEqual(['c', 'd']);
  });

  it('rebuilds once changed products have left half its words’ space unused, and only once while that rebuild runs', async () => {
    const data = catalogue();
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    data.titles.set('a', words);
    const keeper = new SearchIndexKeeper(data.load);
    await keeper.current();

    data.hold(true);
    // Each edit leaves its 101 words' entries behind; a rebuild starts after 42 (SearchIndex.wantsRebuild).
    for (let edit = 0; edit < 50; edit += 1) {
      data.titles.set('a', `${words} edit${edit}`);
      keeper.productsChanged(['a']);
      await keeper.current();
    }
    expect(data.wholeReads()).toBe(2);
    expect(await found(keeper, 'edit49')).toEqual(['a']);

    data.hold(false);
    data.release();
    await expect.poll(() => found(keeper, 'edit49')).toEqual(['a']);
    // Let any rebuild queued behind the first one start before counting.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(data.wholeReads()).toBe(2);
  });

  it('hands over the index without waiting only while it is built and no reload is under way', async () => {
    const data = catalogue();
    data.titles.set('a', 'Alpha');
    const keeper = new SearchIndexKeeper(data.load);
    expect(keeper.currentNow()).toBeNull();
    const index = await keeper.current();
    expect(keeper.currentNow()).toBe(index);

    data.titles.set('a', 'Omega');
    keeper.productsChanged(['a']);
    // The index at hand has not read the row yet: a search must wait for the reload.
    expect(keeper.currentNow()).toBeNull();
    expect(await found(keeper, 'omega')).toEqual(['a']);
    expect([
      ...keeper
        .currentNow()!
        .matchIds([['omega']])
        .keys(),
    ]).toEqual(['a']);
  });

  it('hands over the index without waiting again after a reload failed', async () => {
    const data = catalogue();
    data.titles.set('a', 'Alpha');
    let failNamedReads = false;
    const keeper = new SearchIndexKeeper(async (ids) => {
      if (ids !== null && failNamedReads) throw new Error('the database is away');
      return data.load(ids);
    });
    await keeper.current();
    failNamedReads = true;
    keeper.productsChanged(['a']);
    expect(keeper.currentNow()).toBeNull();
    await keeper.current();
    // The failed reload left a rebuild to put things right; searches go on meanwhile.
    expect(keeper.currentNow()).not.toBeNull();
  });
});
