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

/** A product of the index: its id, facts and the words it holds (to take them out again). */
interface Doc {
  id: string;
  facts: ProductFacts;
  words: string[];
  /** The posting number and weight of each of `words`, as its posting holds them. */
  wordNumbers: Int32Array;
  weights: Float64Array;
}

/**
 * Checking one remaining product against its own words (a few dozen array reads) costs about this
 * many posting entries walked:
 * below that, the next word is matched product by product.
 */
const PER_PRODUCT_CHECK_COST = 16;

/** Typed words whose vocabulary matches are kept (a few KB each at most): far more than are typed between two changes. */
const KEPT_LOOKUPS = 10_000;

/** The products holding a word, with the weight of the heaviest field holding it in each; unordered. */
interface Posting {
  /** The word as a string of its own: one cut from a description would keep the whole description alive. */
  word: string;
  /** A number of its own, never reused: products hold their words' numbers, for `matchAll` to check them by array. */
  number: number;
  docs: number[];
  weights: number[];
}

/**
 * Products are numbered inside the index and postings are plain arrays: maps per product and per
 * word cost several times the memory at 100,000 products (docs/decisions/0019, "Measured").
 */
export class SearchIndex {
  private readonly docs: Array<Doc | null> = [];
  private readonly numbers = new Map<string, number>();
  private readonly freeNumbers: number[] = [];
  private readonly postings = new Map<string, Posting>();
  private readonly root = newNode();
  private ratingSum = 0;
  private ratingCount = 0;
  private tieOrder: Int32Array | null = null;

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
    return places;
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
    const held: string[] = [];
    const heldNumbers: number[] = [];
    const heldWeights: number[] = [];
    for (const [word, weight] of words) {
      let posting = this.postings.get(word);
      if (!posting) {
        const own = Buffer.from(word).toString();
        posting = { word: own, number: this.postingNumbers++, docs: [], weights: [] };
        this.postings.set(own, posting);
        this.nodeFor(own, true)!.word = own;
        this.lookups.clear();
      }
      posting.docs.push(number);
      posting.weights.push(weight);
      held.push(posting.word);
      heldNumbers.push(posting.number);
      heldWeights.push(weight);
    }
    this.tieOrder = null;
    this.docs[number] = {
      id: product.id,
      facts: product.facts,
      words: held,
      wordNumbers: Int32Array.from(heldNumbers),
      weights: Float64Array.from(heldWeights),
    };
    this.numbers.set(product.id, number);
    this.ratingSum += product.facts.reviewTotal;
    this.ratingCount += product.facts.reviewCount;
  }

  remove(id: string): void {
    const number = this.numbers.get(id);
    if (number === undefined) return;
    const doc = this.docs[number]!;
    for (const word of doc.words) {
      const posting = this.postings.get(word)!;
      const at = posting.docs.indexOf(number);
      posting.docs[at] = posting.docs.at(-1)!;
      posting.weights[at] = posting.weights.at(-1)!;
      posting.docs.pop();
      posting.weights.pop();
      if (posting.docs.length === 0) {
        this.postings.delete(word);
        this.nodeFor(word, false)!.word = null;
        this.lookups.clear();
      }
    }
    this.docs[number] = null;
    this.tieOrder = null;
    this.freeNumbers.push(number);
    this.numbers.delete(id);
    this.ratingSum -= doc.facts.reviewTotal;
    this.ratingCount -= doc.facts.reviewCount;
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
        return { variants, size: variants.reduce((total, { posting }) => total + posting.docs.length, 0) };
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
          for (let i = 0; i < posting.docs.length; i += 1) {
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
   * time (docs/decisions/0021). For each alternative, the typed word with the fewest products leads:
   * its (variant, field weight) lists are walked from the highest score down, each in tie order; each
   * product met is checked against the other typed words through its own words; the walk stops once
   * no product left could reach the `count`th best, the others' words counting at their best. The
   * alternatives' best are then merged, a product keeping its better score, as `match` does.
   */
  best(alternatives: string[][], count: number): number[] {
    const ties = this.tiePlaces();
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
    const looked = words
      .map((word) => {
        const qualities = new Map<Posting, number>();
        for (const { word: variant, quality } of this.lookup(word)) {
          const posting = this.postings.get(variant)!;
          if ((qualities.get(posting) ?? 0) < quality) qualities.set(posting, quality);
        }
        let size = 0;
        let highest = 0;
        const byNumber = new Map<number, number>();
        for (const [posting, quality] of qualities) {
          size += posting.docs.length;
          byNumber.set(posting.number, quality);
          for (const weight of this.inTieOrder(posting, ties).keys()) highest = Math.max(highest, weight * quality);
        }
        return { qualities, byNumber, size, highest };
      })
      .sort((a, b) => a.size - b.size);
    const [lead, ...others] = looked;
    if (!lead || others.some((other) => other.size === 0)) return [];
    // The most a product of the lead's score can reach, added in the order its own score is: rounding
    // is monotonic, so no product's sum passes it, to the last bit.
    const reachFrom = (level: number) => others.reduce((sum, other) => sum + other.highest, level);

    const lists: Array<{ score: number; docs: Int32Array; at: number }> = [];
    for (const [posting, quality] of lead.qualities) {
      for (const [weight, docs] of this.inTieOrder(posting, ties)) lists.push({ score: weight * quality, docs, at: 0 });
    }
    lists.sort((a, b) => b.score - a.score);
    const chosen: Array<{ doc: number; score: number }> = [];
    const met = new Set<number>();
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
        let next: { docs: Int32Array; at: number } | null = null;
        for (let i = start; i < end; i += 1) {
          const list = lists[i]!;
          while (list.at < list.docs.length && met.has(list.docs[list.at]!)) list.at += 1;
          if (list.at < list.docs.length && (!next || ties[list.docs[list.at]!]! < ties[next.docs[next.at]!]!)) next = list;
        }
        if (!next) break;
        const doc = next.docs[next.at]!;
        const worst = chosen.length === count ? chosen[count - 1]! : null;
        // Later products of this score come later in tie order: none of them can pass the last kept.
        if (worst && (reach < worst.score || (reach === worst.score && ties[doc]! > ties[worst.doc]!))) break;
        next.at += 1;
        met.add(doc);
        let score = level;
        for (const other of others) {
          const found = this.bestWeightedQuality(doc, other.byNumber);
          if (found === 0) {
            score = 0;
            break;
          }
          score += found;
        }
        if (score > 0) keep(doc, score);
      }
      start = end;
    }
    return chosen;
  }

  /** A product's best field weight × quality over the variants of one typed word (by posting number); 0 when it holds none. */
  private bestWeightedQuality(doc: number, qualityByNumber: Map<number, number>): number {
    const held = this.docs[doc]!;
    let best = 0;
    for (let i = 0; i < held.wordNumbers.length; i += 1) {
      const quality = qualityByNumber.get(held.wordNumbers[i]!);
      if (quality !== undefined && held.weights[i]! * quality > best) best = held.weights[i]! * quality;
    }
    return best;
  }

  /** A posting's products by field weight, each in tie order; kept until the tie places change. */
  private inTieOrder(posting: Posting, ties: Int32Array): Map<number, Int32Array> {
    const kept = this.tieOrdered.get(posting);
    if (kept && kept.ties === ties) return kept.byWeight;
    const grouped = new Map<number, number[]>();
    for (let i = 0; i < posting.docs.length; i += 1) {
      const weight = posting.weights[i]!;
      let docs = grouped.get(weight);
      if (!docs) grouped.set(weight, (docs = []));
      docs.push(posting.docs[i]!);
    }
    const byWeight = new Map<number, Int32Array>();
    for (const [weight, docs] of grouped)
      byWeight.set(
        weight,
        Int32Array.from(docs).sort((a, b) => ties[a]! - ties[b]!),
      );
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
