/**
 * The catalogue's in-process search index (docs/decisions/0019): built from the product rows, so it
 * answers the same on SQLite and PostgreSQL. Pure: no database, no clock.
 */

/** How much a word found in a field counts (docs/decisions/0019). */
export const FIELD_WEIGHTS = { title: 10, tag: 5, description: 1 } as const;

/** How well a typed word matched a word of the index. */
export const MATCH_QUALITY = { exact: 1, prefix: 0.6, oneEdit: 0.45, twoEdits: 0.3 } as const;

/** Bayesian rating: a product's mean pulled towards the catalogue's mean as if it had this many more reviews. */
export const RATING_PRIOR_REVIEWS = 5;

/** Words of a text: letters and digits of any script, lower-cased. */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFKC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** Edits a typed word of this length may differ by: none below 5 letters, one from 5, two from 9. */
export function allowedEdits(length: number): number {
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}

/** What ranking and the facets need of a product, beside its words. */
export interface ProductFacts {
  engine: string | null;
  platforms: string[];
  category: string;
  subCategory: string;
  /** The listed Single App License price. */
  priceCents: number;
  reviewCount: number;
  reviewTotal: number;
  /** multi_app and/or reskin (docs/decisions/0019). */
  licences: string[];
  unitsSold: number;
  downloads: number;
  createdAt: string;
  updatedAt: string;
}

export interface IndexedProduct {
  id: string;
  fields: Array<{ text: string; weight: number }>;
  facts: ProductFacts;
}

interface TrieNode {
  children: Map<string, TrieNode>;
  word: string | null;
}

const newNode = (): TrieNode => ({ children: new Map(), word: null });

/** The products matched (by number, unordered) and their text scores by product number. */
export interface Matches {
  docs: number[];
  /** By product number; 0 for products not in `docs`. Valid until the index's next `match`. */
  scores: Float64Array;
}

/** A vocabulary word a typed word matched, and how well. */
export interface WordMatch {
  word: string;
  quality: number;
}

/** A product of the index: its id, facts and the words it holds (by posting number, to take them out again). */
interface Doc {
  id: string;
  facts: ProductFacts;
  /** The posting number and weight of each word it holds, as its posting holds them, heaviest field first: views into a `WordSlab`. */
  wordNumbers: Int32Array;
  weights: Float64Array;
}

/**
 * The products' words, many products to one pair of arrays: a pair per product was 200,000 array
 * buffers at 100,000 products, each one more for the collector to sweep (docs/decisions/0021).
 */
class WordSlab {
  readonly numbers: Int32Array;
  readonly weights: Float64Array;
  used = 0;

  constructor(capacity: number) {
    this.numbers = new Int32Array(capacity);
    this.weights = new Float64Array(capacity);
  }

  get free(): number {
    return this.numbers.length - this.used;
  }
}

/** Entries per slab, growing with the words held from the first to the last: a demo catalogue's fit in 48 KB, 100,000 products' in slabs of 12 MB. */
const WORD_SLAB_ENTRIES = { first: 1 << 12, most: 1 << 20 } as const;

/**
 * The products holding a word, with the weight of the heaviest field holding it in each; unordered.
 * Typed arrays, which the collector never scans (docs/decisions/0021): the first `size` entries hold.
 */
class Posting {
  docs = new Int32Array(4);
  weights = new Float64Array(4);
  size = 0;

  constructor(
    /** The word as a string of its own: one cut from a description would keep the whole description alive. */
    readonly word: string,
    /** A number of its own, never reused: products hold their words' numbers, for `matchAll` to check them by array. */
    readonly number: number,
  ) {}

  push(doc: number, weight: number): void {
    if (this.size === this.docs.length) {
      const docs = new Int32Array(this.size * 2);
      docs.set(this.docs);
      this.docs = docs;
      const weights = new Float64Array(this.size * 2);
      weights.set(this.weights);
      this.weights = weights;
    }
    this.docs[this.size] = doc;
    this.weights[this.size] = weight;
    this.size += 1;
  }

  /** Takes the product out, the last entry taking its place (the lists are unordered). */
  remove(doc: number): void {
    const at = this.docs.subarray(0, this.size).indexOf(doc);
    if (at < 0) return;
    this.size -= 1;
    this.docs[at] = this.docs[this.size]!;
    this.weights[at] = this.weights[this.size]!;
  }
}

/**
 * Checking one remaining product against its own words (a few dozen array reads) costs about this
 * many posting entries walked:
 * below that, the next word is matched product by product.
 */
const PER_PRODUCT_CHECK_COST = 16;

/** Typed words whose vocabulary matches are kept (a few KB each at most): far more than are typed between two changes. */
const KEPT_LOOKUPS = 10_000;

/** A typed word as `SearchIndex.best` reads it. */
interface TypedWord {
  /** Its variants' postings, each with its best match quality. */
  qualities: Map<Posting, number>;
  /** Its variants' products, counted once per variant. */
  size: number;
  /** The best field weight × quality any product can have for it. */
  highest: number;
  topQuality: number;
  /** Its products at `highest`, as lists of tie places (`SearchIndex.inTieOrder`), and how many places they hold. */
  topLists: Int32Array[];
  topSize: number;
}

/** A typed word besides the lead of a walk (`SearchIndex.best`), and how products are checked against it. */
interface OtherWord {
  qualities: Map<Posting, number>;
  /** Its variants' products, counted once per variant. */
  size: number;
  /** The best field weight × quality any product can have for it. */
  highest: number;
  topQuality: number;
  /** Variant qualities by posting number, to check a product through its own words. */
  byNumber: Float64Array;
  /** Each product's score for it by product number, once marked (`SearchIndex.markProducts`). */
  byDoc: Float64Array | null;
  /** Products' words scanned so far for it. */
  scanned: number;
}

/** The first window of tie places `bestAtTop` reads, and how much each next one is wider. */
const FIRST_PLACES_WINDOW = 2048;
const PLACES_WINDOW_GROWTH = 4;

/**
 * Adds to `found` (ascending, distinct, at most `count`) the places before `upTo` of the lists (each
 * in tie order) whose bit is set in `marked` (every place when null), reading each list from its
 * cursor, and only while its places come before the `count`th found so far.
 */
function takeFirstPlaces(
  lists: readonly Int32Array[],
  cursors: number[],
  upTo: number,
  marked: Int32Array | null,
  count: number,
  found: number[],
): void {
  for (let list = 0; list < lists.length; list += 1) {
    const places = lists[list]!;
    let i = cursors[list]!;
    for (; i < places.length; i += 1) {
      const place = places[i]!;
      if (place >= upTo || (found.length === count && place >= found[count - 1]!)) break;
      if (marked && (marked[place >>> 5]! & (1 << (place & 31))) === 0) continue;
      let at = found.length;
      while (at > 0 && found[at - 1]! > place) at -= 1;
      if (at > 0 && found[at - 1] === place) continue;
      found.splice(at, 0, place);
      if (found.length > count) found.pop();
    }
    cursors[list] = i;
  }
}

/**
 * Products are numbered inside the index and postings are plain arrays: maps per product and per
 * word cost several times the memory at 100,000 products (docs/decisions/0019, "Measured").
 */
export class SearchIndex {
  /** `firstPlacesWindow`: tie places `bestAtTop` reads first, a multiple of 32 (tests make it small to reach later windows). */
  constructor(private readonly firstPlacesWindow = FIRST_PLACES_WINDOW) {}

  private readonly docs: Array<Doc | null> = [];
  private readonly numbers = new Map<string, number>();
  private readonly freeNumbers: number[] = [];
  private readonly postings = new Map<string, Posting>();
  /** The same postings by number; a deleted word's number stays empty. */
  private readonly postingsByNumber: Array<Posting | undefined> = [];
  private readonly wordSlabs: WordSlab[] = [];
  /** Slab entries handed out, and those of products taken out since, which are never handed out again. */
  private wordEntriesUsed = 0;
  private wordEntriesFreed = 0;
  private readonly root = newNode();
  private ratingSum = 0;
  private ratingCount = 0;
  private tieOrder: Int32Array | null = null;
  /** Product numbers by tie place: `tieOrder` the other way round. */
  private docsByPlace = new Int32Array(0);

  /**
   * Each product's place when text scores are equal (docs/decisions/0019: Bayesian rating, then
   * sales, then newest), by product number; worked out again after a change, on the next search.
   */
  tiePlaces(): Int32Array {
    if (this.tieOrder) return this.tieOrder;
    const numbers = [...this.numbers.values()];
    const rating = new Float64Array(this.docs.length);
    for (const number of numbers) rating[number] = this.bayesianRating(this.docs[number]!.facts);
    numbers.sort((a, b) => {
      const x = this.docs[a]!;
      const y = this.docs[b]!;
      return (
        rating[b]! - rating[a]! ||
        y.facts.unitsSold - x.facts.unitsSold ||
        y.facts.downloads - x.facts.downloads ||
        y.facts.createdAt.localeCompare(x.facts.createdAt) ||
        y.id.localeCompare(x.id)
      );
    });
    const places = new Int32Array(this.docs.length);
    numbers.forEach((number, place) => (places[number] = place));
    this.tieOrder = places;
    this.docsByPlace = Int32Array.from(numbers);
    this.typedWords.clear();
    return places;
  }

  /**
   * Works out the tie places and each posting's lists in tie order now, rather than on the searches
   * that first need them (about a second at 100,000 products, spread over the first thousands of
   * searches otherwise): for a whole build, which no search waits for.
   */
  prepareWalks(): void {
    const ties = this.tiePlaces();
    for (const posting of this.postings.values()) this.inTieOrder(posting, ties);
  }

  get size(): number {
    return this.numbers.size;
  }

  get vocabularySize(): number {
    return this.postings.size;
  }

  has(id: string): boolean {
    return this.numbers.has(id);
  }

  /** The numbers of every product held. */
  *docNumbers(): IterableIterator<number> {
    for (const number of this.numbers.values()) yield number;
  }

  doc(number: number): Doc {
    return this.docs[number]!;
  }

  upsert(product: IndexedProduct): void {
    this.remove(product.id);
    const words = new Map<string, number>();
    for (const field of product.fields) {
      for (const word of wordsOf(field.text)) words.set(word, Math.max(words.get(word) ?? 0, field.weight));
    }
    const number = this.freeNumbers.pop() ?? this.docs.length;
    const { wordNumbers, weights } = this.wordEntries(words.size);
    // Heaviest field first: a product's check stops once lighter fields cannot matter (`scoreAgainst`).
    for (const [at, [word, weight]] of [...words].sort((a, b) => b[1] - a[1]).entries()) {
      let posting = this.postings.get(word);
      if (!posting) {
        const own = Buffer.from(word).toString();
        posting = new Posting(own, this.postingNumbers++);
        this.postings.set(own, posting);
        this.postingsByNumber[posting.number] = posting;
        this.nodeFor(own, true)!.word = own;
        this.lookups.clear();
      }
      posting.push(number, weight);
      wordNumbers[at] = posting.number;
      weights[at] = weight;
    }
    this.tieOrder = null;
    this.docs[number] = { id: product.id, facts: this.sharedFacts(product.facts), wordNumbers, weights };
    this.numbers.set(product.id, number);
    this.ratingSum += product.facts.reviewTotal;
    this.ratingCount += product.facts.reviewCount;
  }

  remove(id: string): void {
    const number = this.numbers.get(id);
    if (number === undefined) return;
    const doc = this.docs[number]!;
    for (const postingNumber of doc.wordNumbers) {
      const posting = this.postingsByNumber[postingNumber]!;
      posting.remove(number);
      if (posting.size === 0) {
        this.postings.delete(posting.word);
        this.postingsByNumber[postingNumber] = undefined;
        this.nodeFor(posting.word, false)!.word = null;
        this.lookups.clear();
      }
    }
    this.wordEntriesFreed += doc.wordNumbers.length;
    this.docs[number] = null;
    this.tieOrder = null;
    this.freeNumbers.push(number);
    this.numbers.delete(id);
    this.ratingSum -= doc.facts.reviewTotal;
    this.ratingCount -= doc.facts.reviewCount;
  }

  /**
   * The facts with their few-valued strings and lists shared between products: each row read brings
   * its own copies, hundreds of thousands of objects at 100,000 products for the collector to mark.
   */
  private sharedFacts(facts: ProductFacts): ProductFacts {
    return {
      ...facts,
      engine: facts.engine === null ? null : this.sharedText(facts.engine),
      category: this.sharedText(facts.category),
      subCategory: this.sharedText(facts.subCategory),
      platforms: this.sharedList(facts.platforms),
      licences: this.sharedList(facts.licences),
    };
  }

  private sharedText(text: string): string {
    const shared = this.sharedTexts.get(text);
    if (shared !== undefined) return shared;
    this.sharedTexts.set(text, text);
    return text;
  }

  private sharedList(list: string[]): string[] {
    const key = list.join('\n');
    const shared = this.sharedLists.get(key);
    if (shared) return shared;
    const own = Object.freeze(list.map((text) => this.sharedText(text))) as string[];
    this.sharedLists.set(key, own);
    return own;
  }

  private readonly sharedTexts = new Map<string, string>();
  private readonly sharedLists = new Map<string, string[]>();

  /** `count` entries for a product's words, from the last slab or a new one. */
  private wordEntries(count: number): { wordNumbers: Int32Array; weights: Float64Array } {
    let slab = this.wordSlabs.at(-1);
    if (!slab || slab.free < count) {
      const grown = Math.min(WORD_SLAB_ENTRIES.most, Math.max(WORD_SLAB_ENTRIES.first, this.wordEntriesUsed));
      slab = new WordSlab(Math.max(count, grown));
      this.wordSlabs.push(slab);
    }
    const start = slab.used;
    slab.used += count;
    this.wordEntriesUsed += count;
    return { wordNumbers: slab.numbers.subarray(start, slab.used), weights: slab.weights.subarray(start, slab.used) };
  }

  /**
   * Whether products taken out (each change is one out and one in) left half the words' slab
   * entries unused, and more than a first slab's worth: time for a whole rebuild.
   */
  get wantsRebuild(): boolean {
    return this.wordEntriesFreed > Math.max(WORD_SLAB_ENTRIES.first, this.wordEntriesUsed / 2);
  }

  /** The catalogue's mean rating (C of the Bayesian rating); 0 before any review. */
  get meanRating(): number {
    return this.ratingCount === 0 ? 0 : this.ratingSum / this.ratingCount;
  }

  /** (m·C + total) / (m + count): few reviews count for little. */
  bayesianRating(facts: ProductFacts): number {
    return (RATING_PRIOR_REVIEWS * this.meanRating + facts.reviewTotal) / (RATING_PRIOR_REVIEWS + facts.reviewCount);
  }

  /** Every vocabulary word the typed one may mean: itself, words it begins, words within its allowed edits. */
  lookup(typed: string): WordMatch[] {
    const kept = this.lookups.get(typed);
    if (kept) return kept;
    const found = this.lookupInTrie(typed);
    // Words typed into the box come back with every letter added ("racing", "racing c", "racing ca"…).
    if (this.lookups.size >= KEPT_LOOKUPS) this.lookups.clear();
    this.lookups.set(typed, found);
    return found;
  }

  /** `lookup`'s answers by typed word, until the vocabulary changes. */
  private readonly lookups = new Map<string, WordMatch[]>();

  private lookupInTrie(typed: string): WordMatch[] {
    const best = new Map<string, number>();
    const offer = (word: string, quality: number) => {
      if ((best.get(word) ?? 0) < quality) best.set(word, quality);
    };
    const node = this.nodeFor(typed, false);
    if (node) {
      const stack = [node];
      while (stack.length > 0) {
        const next = stack.pop()!;
        if (next.word !== null) offer(next.word, next.word === typed ? MATCH_QUALITY.exact : MATCH_QUALITY.prefix);
        for (const child of next.children.values()) stack.push(child);
      }
    }
    const edits = allowedEdits(typed.length);
    if (edits > 0) {
      for (const [word, distance] of this.withinEdits(typed, edits)) {
        if (distance > 0) offer(word, distance === 1 ? MATCH_QUALITY.oneEdit : MATCH_QUALITY.twoEdits);
      }
    }
    return [...best].map(([word, quality]) => ({ word, quality }));
  }

  /**
   * Vocabulary words within `max` edits of `typed` (optimal string alignment: a swap of two
   * neighbouring letters is one edit), found by walking the trie with one row of the distance
   * table per letter and leaving a branch once every cell of its row is over `max`.
   */
  withinEdits(typed: string, max: number): Map<string, number> {
    const found = new Map<string, number>();
    const letters = [...typed];
    const width = letters.length + 1;
    const first = Array.from({ length: width }, (_, index) => index);
    const walk = (
      node: TrieNode,
      letter: string,
      previousLetter: string | null,
      above: number[],
      aboveAbove: number[] | null,
      depth: number,
    ) => {
      const row: number[] = Array.from({ length: width }, () => 0);
      row[0] = depth;
      let smallest = row[0];
      for (let i = 1; i < width; i += 1) {
        let cost = Math.min(above[i]! + 1, row[i - 1]! + 1, above[i - 1]! + (letters[i - 1] === letter ? 0 : 1));
        if (aboveAbove && i > 1 && letters[i - 1] === previousLetter && letters[i - 2] === letter) {
          cost = Math.min(cost, aboveAbove[i - 2]! + 1);
        }
        row[i] = cost;
        if (cost < smallest) smallest = cost;
      }
      if (node.word !== null && row[width - 1]! <= max) found.set(node.word, row[width - 1]!);
      if (smallest > max) return;
      for (const [next, child] of node.children) walk(child, next, letter, row, above, depth + 1);
    };
    for (const [letter, child] of this.root.children) walk(child, letter, null, first, null, 1);
    return found;
  }

  /**
   * Products (by number) holding every word of any alternative (each word by its best variant), with
   * their text scores: the sum over words of field weight × match quality; the best alternative counts.
   * Scores sit in an array by product number rather than in a map: a common word matches tens of
   * thousands of products, and a map of them costs several times the time (docs/decisions/0019).
   */
  match(alternatives: string[][]): Matches {
    // One array kept for every search's scores: a fresh one per search (800 KB at 100,000 products)
    // made the collector stop the process for tens of milliseconds now and then. Read it before the
    // next search, as every caller does at once.
    if (this.matchScores.length < this.docs.length) this.matchScores = new Float64Array(this.docs.length);
    const scores = this.matchScores;
    for (const doc of this.lastMatched) scores[doc] = 0;
    const docs: number[] = [];
    this.lastMatched = docs;
    for (const words of alternatives) {
      if (words.length === 0) continue;
      const { sums, matched } = this.matchAll(words);
      for (const doc of matched) {
        if (scores[doc] === 0) docs.push(doc);
        if (sums[doc]! > scores[doc]!) scores[doc] = sums[doc]!;
        sums[doc] = 0;
      }
    }
    return { docs, scores };
  }

  /** Scratch score arrays by product number, kept between searches: two fresh ones per word were most of a search's garbage. */
  private scratch: [Float64Array, Float64Array] = [new Float64Array(0), new Float64Array(0)];
  /** Scratch match quality by posting number, 0 but for the variants of the word being checked. */
  private qualityScratch = new Float64Array(0);
  private matchScores = new Float64Array(0);
  private lastMatched: number[] = [];
  private postingNumbers = 0;

  /**
   * The products holding every one of `words` (each by its best variant) and their summed scores, in
   * a scratch array whose other entries are 0 (the caller zeroes the matched ones after reading them).
   * The word with the fewest products is taken first; once few products remain, each is checked
   * against its own words rather than walking a common word's long posting lists.
   */
  private matchAll(words: string[]): { sums: Float64Array; matched: number[] } {
    if (this.scratch[0].length < this.docs.length) {
      this.scratch = [new Float64Array(this.docs.length), new Float64Array(this.docs.length)];
    }
    let [sums, best] = this.scratch;
    const looked = words
      .map((word) => {
        const variants = this.lookup(word).map(({ word: variant, quality }) => ({ posting: this.postings.get(variant)!, quality }));
        return { variants, size: variants.reduce((total, { posting }) => total + posting.size, 0) };
      })
      .sort((a, b) => a.size - b.size);
    let matched: number[] = [];
    for (const [index, { variants, size }] of looked.entries()) {
      const touched: number[] = [];
      if (index > 0 && matched.length * PER_PRODUCT_CHECK_COST < size) {
        if (this.qualityScratch.length < this.postingNumbers) this.qualityScratch = new Float64Array(this.postingNumbers * 2);
        const qualities = this.qualityScratch;
        for (const { posting, quality } of variants) if (quality > qualities[posting.number]!) qualities[posting.number] = quality;
        for (const doc of matched) {
          const held = this.docs[doc]!;
          let score = 0;
          for (let i = 0; i < held.wordNumbers.length; i += 1) {
            const candidate = held.weights[i]! * qualities[held.wordNumbers[i]!]!;
            if (candidate > score) score = candidate;
          }
          if (score > 0) {
            best[doc] = sums[doc]! + score;
            touched.push(doc);
          }
          sums[doc] = 0;
        }
        for (const { posting } of variants) qualities[posting.number] = 0;
      } else {
        for (const { posting, quality } of variants) {
          for (let i = 0; i < posting.size; i += 1) {
            const doc = posting.docs[i]!;
            // Every score is above 0, so 0 means "did not hold every earlier word".
            if (index > 0 && sums[doc] === 0) continue;
            const score = posting.weights[i]! * quality;
            if (best[doc] === 0) touched.push(doc);
            if (score > best[doc]!) best[doc] = score;
          }
        }
        if (index > 0) {
          for (const doc of touched) best[doc] = best[doc]! + sums[doc]!;
          for (const doc of matched) sums[doc] = 0;
        }
      }
      [sums, best] = [best, sums];
      matched = touched;
      if (matched.length === 0) break;
    }
    return { sums, matched };
  }

  /**
   * The first `count` products (by number) in the order of `match` then the tie places, without
   * scoring every product that matches: what the search box asks as words are typed. A typed "th"
   * matches tens of thousands of products at 100,000, and scoring them all was most of a search's
   * time (docs/decisions/0021). For each alternative, first the products holding every typed word
   * at its best (`bestAtTop`); when there are fewer than `count` of them, the typed word with the
   * fewest products leads a walk: its (variant, field weight) lists are walked from the highest
   * score down, each in tie order; each product met is checked against the other typed words; the
   * walk stops once no product left could reach the `count`th best, the others' words counting at
   * their best. The alternatives' best are then merged, a product keeping its better score, as
   * `match` does.
   */
  best(alternatives: string[][], count: number): number[] {
    const ties = this.tiePlaces();
    // One alternative's best come in order already, best first and ties in tie order.
    if (alternatives.length === 1) return this.bestOfAlternative(alternatives[0]!, count, ties).map(({ doc }) => doc);
    const scores = new Map<number, number>();
    for (const words of alternatives) {
      if (words.length === 0) continue;
      for (const { doc, score } of this.bestOfAlternative(words, count, ties)) {
        if ((scores.get(doc) ?? 0) < score) scores.set(doc, score);
      }
    }
    return [...scores.keys()].sort((a, b) => scores.get(b)! - scores.get(a)! || ties[a]! - ties[b]!).slice(0, count);
  }

  private bestOfAlternative(words: string[], count: number, ties: Int32Array): Array<{ doc: number; score: number }> {
    // In the order `matchAll` adds the words' scores (fewest products first), so sums are equal to the bit.
    const looked = words.map((word) => this.typedWord(word, ties)).sort((a, b) => a.size - b.size);
    const [lead, ...rest] = looked;
    if (!lead || rest.some((other) => other.size === 0)) return [];
    return this.bestAtTop(looked, count) ?? this.walkWithOthers(lead.qualities, rest, count, ties);
  }

  /**
   * What `best` needs of a typed word, worked out once until the tie places change: words typed
   * into the box come back with every letter added, and a short prefix has thousands of variants.
   */
  private typedWord(word: string, ties: Int32Array): TypedWord {
    const kept = this.typedWords.get(word);
    if (kept) return kept;
    const qualities = new Map<Posting, number>();
    for (const { word: variant, quality } of this.lookup(word)) {
      const posting = this.postings.get(variant)!;
      if ((qualities.get(posting) ?? 0) < quality) qualities.set(posting, quality);
    }
    let size = 0;
    let highest = 0;
    let topQuality = 0;
    for (const [posting, quality] of qualities) {
      size += posting.size;
      topQuality = Math.max(topQuality, quality);
      for (const weight of this.inTieOrder(posting, ties).keys()) highest = Math.max(highest, weight * quality);
    }
    const topLists: Int32Array[] = [];
    let topSize = 0;
    for (const [posting, quality] of qualities) {
      for (const [weight, places] of this.inTieOrder(posting, ties)) {
        if (weight * quality !== highest) continue;
        topLists.push(places);
        topSize += places.length;
      }
    }
    if (this.typedWords.size >= KEPT_LOOKUPS) this.typedWords.clear();
    const typed = { qualities, size, highest, topQuality, topLists, topSize };
    this.typedWords.set(word, typed);
    return typed;
  }

  /** `typedWord`'s answers, dropped with the tie places they were sorted by. */
  private readonly typedWords = new Map<string, TypedWord>();

  /** `walkLead` with the other words' scratch arrays filled for it, and cleared after. */
  private walkWithOthers(
    leadQualities: Map<Posting, number>,
    rest: ReadonlyArray<Pick<OtherWord, 'qualities' | 'size' | 'highest' | 'topQuality'>>,
    count: number,
    ties: Int32Array,
  ): Array<{ doc: number; score: number }> {
    const others: OtherWord[] = rest.map((word, at) => {
      if ((this.qualityScratches[at]?.length ?? 0) < this.postingNumbers)
        this.qualityScratches[at] = new Float64Array(this.postingNumbers * 2);
      const byNumber = this.qualityScratches[at]!;
      for (const [posting, quality] of word.qualities) byNumber[posting.number] = quality;
      return { ...word, byNumber, byDoc: null, scanned: 0 };
    });
    try {
      return this.walkLead(leadQualities, others, count, ties);
    } finally {
      for (const word of others) this.clearScratches(word);
    }
  }

  /**
   * The first `count` products holding every typed word at its best (each word's heaviest field
   * with its best variant): they have the highest score there can be, and the products meant by
   * words typed into the box usually have them all in their title. Window by window of tie places,
   * the others' such products are marked, then the word with the most is read in tie order for
   * marked ones, until `count` are found: the answer mostly lies in the first window, and a common
   * word's products past it are never read. Null when fewer than `count` have them all: the full
   * walk decides then.
   */
  private bestAtTop(looked: readonly TypedWord[], count: number): Array<{ doc: number; score: number }> | null {
    let walked = 0;
    for (let at = 1; at < looked.length; at += 1) if (looked[at]!.topSize > looked[walked]!.topSize) walked = at;
    const marked = looked.filter((_, at) => at !== walked).map(({ topLists }) => ({ lists: topLists, cursors: topLists.map(() => 0) }));
    const walkedLists = looked[walked]!.topLists;
    const walkedCursors = walkedLists.map(() => 0);
    // Bitmaps by tie place (12.5 KB at 100,000 products, so they stay in the processor's cache): the
    // first marked word's products, then those of the next word among them, and so on.
    const words = Math.ceil(this.docs.length / 32);
    for (const at of [0, 1]) if (this.bitmaps[at]!.length < words) this.bitmaps[at] = new Int32Array(words * 2);
    let holding = this.bitmaps[0]!;
    let spare = this.bitmaps[1]!;
    const places: number[] = [];
    // In growing windows of tie places: the answer's products mostly come early in tie order, and
    // marking every product of a common word was most of a search's time (docs/decisions/0021).
    for (
      let from = 0, upTo = this.firstPlacesWindow;
      places.length < count && from < this.docs.length;
      from = upTo, upTo *= PLACES_WINDOW_GROWTH
    ) {
      // Windows are whole bitmap words (multiples of 32 places), so clearing one leaves the others.
      const [firstWord, endWord] = [from >>> 5, upTo >>> 5];
      for (const [at, { lists, cursors }] of marked.entries()) {
        for (let list = 0; list < lists.length; list += 1) {
          const listPlaces = lists[list]!;
          let i = cursors[list]!;
          for (; i < listPlaces.length && listPlaces[i]! < upTo; i += 1) {
            const place = listPlaces[i]!;
            if (at === 0 || (holding[place >>> 5]! & (1 << (place & 31))) !== 0) spare[place >>> 5]! |= 1 << (place & 31);
          }
          cursors[list] = i;
        }
        if (at > 0) holding.fill(0, firstWord, endWord);
        [holding, spare] = [spare, holding];
      }
      takeFirstPlaces(walkedLists, walkedCursors, upTo, marked.length > 0 ? holding : null, count, places);
      if (marked.length > 0) holding.fill(0, firstWord, endWord);
    }
    // Added in the order the full walk adds them, so the score is equal to the bit.
    const score = looked.reduce((sum, { highest }) => sum + highest, 0);
    return places.length === count ? places.map((place) => ({ doc: this.docsByPlace[place]!, score })) : null;
  }

  /** Scratch bitmaps by tie place for `bestAtTop`, all zero between searches. */
  private readonly bitmaps = [new Int32Array(0), new Int32Array(0)];

  /** A stamp no entry of `metStamps` holds yet, the array sized for every product. */
  private nextStamp(): number {
    if (this.metStamps.length < this.docs.length) this.metStamps = new Uint32Array(this.docs.length * 2);
    if (this.walkStamp === 0xffffffff) {
      this.metStamps.fill(0);
      this.walkStamp = 0;
    }
    this.walkStamp += 1;
    return this.walkStamp;
  }

  /** Scratch qualities by posting number, one per typed word besides the lead; 0 but while a walk checks that word. */
  private readonly qualityScratches: Float64Array[] = [];
  /** Scratch scores by product number, one per typed word besides the lead; 0 but while a walk has marked that word. */
  private readonly scoreScratches: Float64Array[] = [];

  /** Per tie place, the last stamp a walk gave its product: met by the current walk when it holds the walk's. */
  private metStamps = new Uint32Array(0);
  private walkStamp = 0;

  private walkLead(
    leadQualities: Map<Posting, number>,
    others: OtherWord[],
    count: number,
    ties: Int32Array,
  ): Array<{ doc: number; score: number }> {
    // The most a product of the lead's score can reach, added in the order its own score is: rounding
    // is monotonic, so no product's sum passes it, to the last bit.
    const reachFrom = (level: number) => others.reduce((sum, other) => sum + other.highest, level);

    const lists: Array<{ score: number; places: Int32Array; at: number }> = [];
    for (const [posting, quality] of leadQualities) {
      for (const [weight, places] of this.inTieOrder(posting, ties)) lists.push({ score: weight * quality, places, at: 0 });
    }
    lists.sort((a, b) => b.score - a.score);
    const chosen: Array<{ doc: number; score: number }> = [];
    const stamp = this.nextStamp();
    const metStamps = this.metStamps;
    const keep = (doc: number, score: number) => {
      let at = chosen.length;
      while (at > 0 && (score > chosen[at - 1]!.score || (score === chosen[at - 1]!.score && ties[doc]! < ties[chosen[at - 1]!.doc]!)))
        at -= 1;
      if (at >= count) return;
      chosen.splice(at, 0, { doc, score });
      if (chosen.length > count) chosen.pop();
    };
    for (let start = 0; start < lists.length;) {
      const level = lists[start]!.score;
      let end = start + 1;
      while (end < lists.length && lists[end]!.score === level) end += 1;
      const last = chosen.length === count ? chosen[count - 1]! : null;
      const reach = reachFrom(level);
      if (last && reach < last.score) break;
      // Lists of one score, merged in tie order; a product met at a higher score was checked there.
      for (;;) {
        let next: { places: Int32Array; at: number } | null = null;
        for (let i = start; i < end; i += 1) {
          const list = lists[i]!;
          while (list.at < list.places.length && metStamps[list.places[list.at]!] === stamp) list.at += 1;
          if (list.at < list.places.length && (!next || list.places[list.at]! < next.places[next.at]!)) next = list;
        }
        if (!next) break;
        const place = next.places[next.at]!;
        const doc = this.docsByPlace[place]!;
        const worst = chosen.length === count ? chosen[count - 1]! : null;
        // Later products of this score come later in tie order: none of them can pass the last kept.
        if (worst && (reach < worst.score || (reach === worst.score && ties[doc]! > ties[worst.doc]!))) break;
        next.at += 1;
        metStamps[place] = stamp;
        const score = this.scoreAgainst(doc, level, others, worst, ties);
        if (score > 0) keep(doc, score);
      }
      start = end;
    }
    return chosen;
  }

  /**
   * A product's score (`level` plus each other typed word's best field weight × quality, in order),
   * or 0 when it lacks one of the words or cannot pass `worst`. A word is first checked through the
   * product's own words, heaviest field first: the scan stops once the fields left cannot beat what
   * it found, and the product is left as soon as even their best could not pass `worst` (the sum
   * taken with upper bounds, in the same order: rounding is monotonic). Once those scans have cost
   * more than the word's posting lists, its products are marked with their scores instead, and each
   * later check is one read: most products met lack a word being typed, and telling so by scanning
   * costs a product's every word.
   */
  private scoreAgainst(
    doc: number,
    level: number,
    others: OtherWord[],
    worst: { doc: number; score: number } | null,
    ties: Int32Array,
  ): number {
    let score = level;
    for (let at = 0; at < others.length; at += 1) {
      const word = others[at]!;
      if (word.byDoc) {
        const found = word.byDoc[doc]!;
        if (found === 0) return 0;
        score += found;
        continue;
      }
      const { wordNumbers, weights } = this.docs[doc]!;
      const { byNumber, topQuality } = word;
      let best = 0;
      let fieldWeight = Infinity;
      let i = 0;
      for (; i < wordNumbers.length; i += 1) {
        const weight = weights[i]!;
        if (weight !== fieldWeight) {
          fieldWeight = weight;
          const bound = weight * topQuality;
          if (best >= bound) break;
          if (worst) {
            let reach = score + bound;
            for (let later = at + 1; later < others.length; later += 1) reach += others[later]!.highest;
            if (reach < worst.score || (reach === worst.score && ties[doc]! > ties[worst.doc]!)) {
              word.scanned += i;
              return 0;
            }
          }
        }
        const quality = byNumber[wordNumbers[i]!]!;
        if (quality > 0 && weight * quality > best) best = weight * quality;
      }
      word.scanned += i;
      if (word.scanned > word.size) this.markProducts(word, at);
      if (best === 0) return 0;
      score += best;
    }
    return score;
  }

  private clearScratches({ qualities, byNumber, byDoc }: OtherWord): void {
    for (const posting of qualities.keys()) {
      byNumber[posting.number] = 0;
      if (!byDoc) continue;
      const docs = posting.docs;
      for (let i = 0; i < posting.size; i += 1) byDoc[docs[i]!] = 0;
    }
  }

  /** Each product's best field weight × quality for the word, by product number, the same as a scan of its words finds. */
  private markProducts(word: OtherWord, at: number): void {
    if ((this.scoreScratches[at]?.length ?? 0) < this.docs.length) this.scoreScratches[at] = new Float64Array(this.docs.length * 2);
    const byDoc = this.scoreScratches[at]!;
    for (const [posting, quality] of word.qualities) {
      for (let i = 0; i < posting.size; i += 1) {
        const score = posting.weights[i]! * quality;
        const doc = posting.docs[i]!;
        if (score > byDoc[doc]!) byDoc[doc] = score;
      }
    }
    word.byDoc = byDoc;
  }

  /**
   * A posting's products by field weight, each as their tie places in order (`docsByPlace` names
   * the products): walks compare and mark places without reading the tie of each product. Kept
   * until the tie places change.
   */
  private inTieOrder(posting: Posting, ties: Int32Array): Map<number, Int32Array> {
    const kept = this.tieOrdered.get(posting);
    if (kept && kept.ties === ties) return kept.byWeight;
    const grouped = new Map<number, number[]>();
    for (let i = 0; i < posting.size; i += 1) {
      const weight = posting.weights[i]!;
      let docs = grouped.get(weight);
      if (!docs) grouped.set(weight, (docs = []));
      docs.push(posting.docs[i]!);
    }
    // Sorted as numbers, with no comparator: several times faster on long lists, and every list is
    // sorted again after each catalogue change.
    const byWeight = new Map<number, Int32Array>();
    for (const [weight, docs] of grouped) byWeight.set(weight, Int32Array.from(docs, (doc) => ties[doc]!).sort());
    this.tieOrdered.set(posting, { ties, byWeight });
    return byWeight;
  }

  /** `inTieOrder`'s lists; a posting's entry is stale once the tie places it was sorted by are replaced. */
  private readonly tieOrdered = new WeakMap<Posting, { ties: Int32Array; byWeight: Map<number, Int32Array> }>();

  /** Product ids of `match` with their scores, for tests and tools. */
  matchIds(alternatives: string[][]): Map<string, number> {
    const { docs, scores } = this.match(alternatives);
    return new Map(docs.map((doc) => [this.docs[doc]!.id, scores[doc]!]));
  }

  private nodeFor(word: string, create: boolean): TrieNode | null {
    let node = this.root;
    for (const letter of word) {
      let child = node.children.get(letter);
      if (!child) {
        if (!create) return null;
        child = newNode();
        node.children.set(letter, child);
      }
      node = child;
    }
    return node;
  }
}
