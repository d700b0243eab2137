import type { ProductSummary } from '@market/contracts';
import { describe, expect, it } from 'vitest';
import { ProductCards } from './product-cards.js';

const card = (id: string, title = id) => ({ _id: id, title: { en: title } }) as ProductSummary;

/** A catalogue in memory standing in for the database query, recording what it was asked. */
function catalogue(titles: Record<string, string>) {
  const asked: string[][] = [];
  const load = async (ids: readonly string[]) => {
    asked.push([...ids]);
    return ids.filter((id) => id in titles).map((id) => card(id, titles[id]));
  };
  return { asked, load, titles };
}

describe('ProductCards', () => {
  it('answers cards in the order asked, loading only the ones it does not hold', async () => {
    const source = catalogue({ a: 'Alpha', b: 'Beta', c: 'Gamma' });
    const cards = new ProductCards(source.load);

    expect((await cards.of(['b', 'a'])).map((found) => found._id)).toEqual(['b', 'a']);
    expect((await cards.of(['c', 'a', 'b'])).map((found) => found.title.en)).toEqual(['Gamma', 'Alpha', 'Beta']);
    expect(source.asked).toEqual([['b', 'a'], ['c']]);
  });

  it('writes the same JSON as the cards themselves, in the order asked, without the missing', async () => {
    const source = catalogue({ a: 'Alpha', b: 'Béta "quoted" 日本' });
    const cards = new ProductCards(source.load);

    expect((await cards.jsonOf([])).toString()).toBe('[]');
    expect(JSON.parse((await cards.jsonOf(['b', 'gone', 'a'])).toString())).toEqual(await cards.of(['b', 'a']));
    // Again, every card kept: the same bytes without asking.
    expect(JSON.parse((await cards.jsonOf(['a', 'b'])).toString())).toEqual(await cards.of(['a', 'b']));
    expect(source.asked).toEqual([['b', 'gone', 'a']]);
  });

  it('leaves out products that no longer exist', async () => {
    const cards = new ProductCards(catalogue({ a: 'Alpha' }).load);

    expect((await cards.of(['gone', 'a'])).map((found) => found._id)).toEqual(['a']);
  });

  it('loads every card again after clear()', async () => {
    const source = catalogue({ a: 'Alpha' });
    const cards = new ProductCards(source.load);
    await cards.of(['a']);
    source.titles.a = 'Alpha Renamed';

    cards.clear();

    expect((await cards.of(['a']))[0]?.title.en).toBe('Alpha Renamed');
  });

  it('serves but does not keep cards that were loading when a write cleared them', async () => {
    const source = catalogue({ a: 'Before the write' });
    let finishLoad!: () => void;
    const cards = new ProductCards(async (ids) => {
      await new Promise<void>((resolve) => {
        finishLoad = resolve;
      });
      return source.load(ids);
    });
    const slowRead = cards.of(['a']);
    await Promise.resolve();

    cards.clear();
    finishLoad();

    expect((await slowRead)[0]?.title.en).toBe('Before the write');
    source.titles.a = 'After the write';
    const nextRead = cards.of(['a']);
    finishLoad();
    expect((await nextRead)[0]?.title.en).toBe('After the write');
  });

  it('holds at most its capacity, dropping the cards it took first', async () => {
    const source = catalogue({ a: 'Alpha', b: 'Beta', c: 'Gamma' });
    const cards = new ProductCards(source.load, 2);
    await cards.of(['a']);
    await cards.of(['b']);
    await cards.of(['c']);

    await cards.of(['b', 'c']);
    await cards.of(['a']);

    expect(source.asked).toEqual([['a'], ['b'], ['c'], ['a']]);
  });
});
