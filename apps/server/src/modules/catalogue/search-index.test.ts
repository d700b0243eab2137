import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SearchIndex, type Matches, type ProductFacts } from './search-index.js';
import { topIds } from './search-results.js';

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

/** The reference order `topIds` must give: every match scored, the best `count` by score then tie place. */
function bestIds(index: SearchIndex, { docs, scores }: Matches, count: number): string[] {
  const ties = index.tiePlaces();
  const best: number[] = [];
  const before = (a: number, b: number) => scores[b]! - scores[a]! || ties[a]! - ties[b]!;
  for (const doc of docs) {
    if (best.length === count && before(doc, best[count - 1]!) >= 0) continue;
    let at = best.length;
    while (at > 0 && before(doc, best[at - 1]!) < 0) at -= 1;
    best.splice(at, 0, doc);
    if (best.length > count) best.pop();
  }
  return best.map((doc) => index.doc(doc).id);
}

const indexOf = (titles: string[]) => {
  const index = new SearchIndex();
  titles.forEach((title, i) => index.upsert({ id: String(i), fields: [{ text: title, weight: 10 }], facts }));
  return index;
};

const word = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 5, maxLength: 14 });

/** One random edit: a letter dropped, added, changed, or two neighbours swapped. */
const withOneEdit = (original: string) =>
  fc
    .tuple(fc.nat(original.length - 1), fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), fc.constantFrom('drop', 'add', 'change', 'swap'))
    .map(([at, letter, kind]) => {
      if (kind === 'drop') return original.slice(0, at) + original.slice(at + 1);
      if (kind === 'add') return original.slice(0, at) + letter + original.slice(at);
      if (kind === 'change') return original.slice(0, at) + letter + original.slice(at + 1);
      const swapAt = Math.min(at, original.length - 2);
      return original.slice(0, swapAt) + original[swapAt + 1] + original[swapAt] + original.slice(swapAt + 2);
    });

// Long words from five letters (typos count from five letters), or few short words from two, so
// that products share words and equal scores are common.
const wordsFrom = (letters: string, maxLength: number) => fc.string({ unit: fc.constantFrom(...letters), minLength: 1, maxLength });
const productOf = (anyWord: fc.Arbitrary<string>) =>
  fc.record({
    title: fc.array(anyWord, { minLength: 1, maxLength: 3 }),
    keywords: fc.array(anyWord, { maxLength: 3 }),
    description: fc.array(anyWord, { maxLength: 4 }),
    unitsSold: fc.nat(3),
    reviewCount: fc.nat(2),
    day: fc.integer({ min: 1, max: 9 }),
  });
// Typed words mostly cut from the products' own words, so that searches of several words match.
const searchOver = (anyWord: fc.Arbitrary<string>) =>
  fc.array(productOf(anyWord), { minLength: 1, maxLength: 80, size: 'max' }).chain((products) => {
    const held = products.flatMap((one) => [...one.title, ...one.keywords, ...one.description]);
    const typedWord = fc.oneof(
      {
        weight: 4,
        arbitrary: fc.tuple(fc.constantFrom(...held), fc.nat(3)).map(([whole, cut]) => whole.slice(0, Math.max(1, whole.length - cut))),
      },
      { weight: 1, arbitrary: anyWord },
    );
    return fc.tuple(fc.constant(products), fc.array(fc.array(typedWord, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 2 }));
  });

describe('the search index’s word lookup', () => {
  it('finds a word from any single edit of it typed with 5 or more letters, among other words', () => {
    fc.assert(
      fc.property(
        word.chain((original) => fc.tuple(fc.constant(original), withOneEdit(original), fc.array(word, { maxLength: 30 }))),
        ([original, typed, others]) => {
          // The allowance follows the word as typed: a dropped letter may leave it under 5.
          fc.pre(typed.length >= 5);
          const index = indexOf([original, ...others]);
          expect(index.lookup(typed).map((match) => match.word)).toContain(original);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('counts a swap of neighbours as one edit, allows two from 9 letters and none below 5', () => {
    const index = indexOf(['platformer', 'puzzle', 'race', 'racing', 'unity']);
    expect(index.withinEdits('platfromer', 1)).toEqual(new Map([['platformer', 1]]));
    expect(index.lookup('platfromr').map((match) => match.word)).toEqual(['platformer']);
    expect(index.lookup('raceing').map((match) => match.word)).toEqual(['racing']);
    expect(
      index
        .lookup('rac')
        .map((match) => match.word)
        .sort(),
    ).toEqual(['race', 'racing']);
    expect(index.lookup('unyt')).toEqual([]);
    expect(index.lookup('pzzule')).toEqual([]);
  });

  it('ranks an exact word over a prefix over a typo, and needs every typed word', () => {
    const index = indexOf(['puzzle box', 'puzzles', 'puzzel', 'box']);
    const scores = index.matchIds([['puzzle']]);
    expect([...scores.keys()].sort((a, b) => scores.get(b)! - scores.get(a)!)).toEqual(['0', '1', '2']);
    expect([...index.matchIds([['puzzle', 'box']]).keys()]).toEqual(['0']);
  });

  it('forgets the words of a product removed or replaced', () => {
    const index = indexOf(['alpha']);
    index.upsert({ id: '0', fields: [{ text: 'omega', weight: 10 }], facts });
    expect(index.lookup('alpha')).toEqual([]);
    index.remove('0');
    expect(index.lookup('omega')).toEqual([]);
    expect(index.vocabularySize).toBe(0);
  });

  it('answers after any upserts and removals as an index built afresh from the products left', () => {
    const change = fc.oneof(
      fc.record({
        id: fc.nat(7),
        title: fc.array(wordsFrom('abcd', 4), { minLength: 1, maxLength: 4 }),
        weight: fc.constantFrom(10, 5, 1),
      }),
      fc.record({ id: fc.nat(7) }),
    );
    fc.assert(
      fc.property(
        fc.array(change, { minLength: 1, maxLength: 40 }),
        fc.array(wordsFrom('abcd', 3), { minLength: 1, maxLength: 2 }),
        (changes, typed) => {
          const changed = new SearchIndex();
          const left = new Map<string, { text: string; weight: number }>();
          for (const one of changes) {
            if ('title' in one) {
              changed.upsert({ id: `p${one.id}`, fields: [{ text: one.title.join(' '), weight: one.weight }], facts });
              left.set(`p${one.id}`, { text: one.title.join(' '), weight: one.weight });
            } else {
              changed.remove(`p${one.id}`);
              left.delete(`p${one.id}`);
            }
          }
          const fresh = new SearchIndex();
          for (const [id, field] of left) fresh.upsert({ id, fields: [field], facts });
          expect(changed.size).toBe(fresh.size);
          expect(changed.vocabularySize).toBe(fresh.vocabularySize);
          expect(new Map([...changed.matchIds([typed])].sort())).toEqual(new Map([...fresh.matchIds([typed])].sort()));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('asks for a whole rebuild once changed products have left half its words’ space unused', () => {
    const index = new SearchIndex();
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    index.upsert({ id: 'kept', fields: [{ text: words, weight: 10 }], facts });
    let edits = 0;
    while (!index.wantsRebuild) {
      index.upsert({ id: 'edited', fields: [{ text: `${words} edit${edits}`, weight: 10 }], facts });
      edits += 1;
    }
    // 101 words a version; a first slab of 4,096 entries must be left unused before a rebuild is worth it.
    expect(edits).toBe(42);
    expect([...index.matchIds([['word7']]).keys()].sort()).toEqual(['edited', 'kept']);
  });

  it('takes the best products of a search without scoring them all, in the order scoring them all gives', () => {
    fc.assert(
      fc.property(
        fc.oneof(searchOver(wordsFrom('abcde', 7)), searchOver(wordsFrom('ab', 3))),
        fc.integer({ min: 1, max: 5 }),
        fc.array(fc.nat(79), { maxLength: 4 }),
        // Read in windows of 32 tie places, growing fourfold, so searches reach the second and third.
        fc.constantFrom(32, undefined),
        ([products, alternatives], count, removed, firstPlacesWindow) => {
          const index = new SearchIndex(firstPlacesWindow);
          const upsertAll = () =>
            products.forEach((one, i) =>
              index.upsert({
                id: `p${i}`,
                fields: [
                  { text: one.title.join(' '), weight: 10 },
                  { text: one.keywords.join(' '), weight: 5 },
                  { text: one.description.join(' '), weight: 1 },
                ],
                facts: {
                  ...facts,
                  unitsSold: one.unitsSold,
                  reviewCount: one.reviewCount,
                  reviewTotal: one.reviewCount * (1 + (i % 5)),
                  createdAt: `2026-01-0${one.day}T00:00:00.000Z`,
                },
              }),
            );
          upsertAll();
          // Several searches in turn: each must leave its scratch space as it found it.
          const searches = [alternatives, ...alternatives.map((words) => [words]), alternatives.map((words) => words.toReversed())];
          const checkAll = () => {
            for (const search of searches) expect(topIds(index, search, count)).toEqual(bestIds(index, index.match(search), count));
          };
          checkAll();
          // Again after products leave: the lists kept in tie order must follow the change.
          for (const at of removed) index.remove(`p${at}`);
          checkAll();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('still finds a product of a lower lead score whose other words lift it to the best score with a better place', () => {
    const index = new SearchIndex();
    const product = (id: string, title: string, description: string, unitsSold: number) =>
      index.upsert({
        id,
        fields: [
          { text: title, weight: 10 },
          { text: description, weight: 1 },
        ],
        facts: { ...facts, unitsSold },
      });
    product('zeta first', 'zeta', 'omega', 0);
    // The same score the other way round (1 + 10 against 10 + 1), and more sales: it comes first.
    product('omega first', 'omega', 'zeta', 5);
    expect(topIds(index, [['zeta', 'omega']], 1)).toEqual(['omega first']);
    expect(topIds(index, [['zeta', 'omega']], 2)).toEqual(['omega first', 'zeta first']);
  });
});
