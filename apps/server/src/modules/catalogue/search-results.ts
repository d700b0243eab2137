import type { SearchResults, SearchResultsQuery } from '@market/contracts';
import { DAY_MS } from '../../platform/clock.js';
import type { ProductFacts, SearchIndex } from './search-index.js';

type Sort = SearchResultsQuery['sort'];
type Facets = SearchResults['facets'];
type FacetName = keyof Facets;

/** Price ranges of the price facet, in US dollars: min inclusive, max exclusive. */
export const PRICE_RANGES: ReadonlyArray<{ value: string; min: number; max: number | null }> = [
  { value: '0-25', min: 0, max: 25 },
  { value: '25-50', min: 25, max: 50 },
  { value: '50-100', min: 50, max: 100 },
  { value: '100+', min: 100, max: null },
];
const RATING_STEPS = [4, 3, 2, 1];
const UPDATED_DAYS = { '7d': 7, '30d': 30, '365d': 365 } as const;

export interface Candidate {
  id: string;
  score: number;
  facts: ProductFacts;
  onSale: boolean;
  /** The Bayesian rating, worked out once rather than in every comparison. */
  rating: number;
  /** Its place among equal text scores (SearchIndex.tiePlaces). */
  tie: number;
}

const meanRating = (facts: ProductFacts) => (facts.reviewCount === 0 ? 0 : facts.reviewTotal / facts.reviewCount);

/** Each filter of the query, by the facet it narrows; a facet's counts ignore its own filter. */
function filtersOf(query: SearchResultsQuery, nowMs: number): Array<[FacetName, (candidate: Candidate) => boolean]> {
  const filters: Array<[FacetName, (candidate: Candidate) => boolean]> = [];
  if (query.engine) filters.push(['engine', ({ facts }) => facts.engine === query.engine]);
  if (query.platform) filters.push(['platform', ({ facts }) => facts.platforms.includes(query.platform!)]);
  if (query.category) filters.push(['category', ({ facts }) => facts.category === query.category]);
  if (query.subCategory) filters.push(['subCategory', ({ facts }) => facts.subCategory === query.subCategory]);
  if (query.minPrice !== undefined || query.maxPrice !== undefined) {
    const min = (query.minPrice ?? 0) * 100;
    const max = query.maxPrice === undefined ? Infinity : query.maxPrice * 100;
    filters.push(['price', ({ facts }) => facts.priceCents >= min && facts.priceCents < max]);
  }
  if (query.minRating !== undefined)
    filters.push(['rating', ({ facts }) => facts.reviewCount > 0 && meanRating(facts) >= query.minRating!]);
  if (query.licence) filters.push(['licence', ({ facts }) => facts.licences.includes(query.licence!)]);
  if (query.onSale) filters.push(['onSale', ({ onSale }) => onSale === (query.onSale === 'true')]);
  if (query.updatedWithin) {
    const since = new Date(nowMs - UPDATED_DAYS[query.updatedWithin] * DAY_MS).toISOString();
    filters.push(['updatedWithin', ({ facts }) => facts.updatedAt >= since]);
  }
  return filters;
}

function countFacets(candidates: Candidate[], nowMs: number): Facets {
  const tally = (values: (candidate: Candidate) => readonly string[]) => {
    const counts = new Map<string, number>();
    for (const candidate of candidates) for (const value of values(candidate)) counts.set(value, (counts.get(value) ?? 0) + 1);
    return [...counts].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  };
  const since = (days: number) => new Date(nowMs - days * DAY_MS).toISOString();
  return {
    engine: tally(({ facts }) => (facts.engine ? [facts.engine] : [])),
    platform: tally(({ facts }) => facts.platforms),
    category: tally(({ facts }) => [facts.category]),
    subCategory: tally(({ facts }) => [facts.subCategory]),
    price: PRICE_RANGES.map((range) => ({
      ...range,
      count: candidates.filter(
        ({ facts }) => facts.priceCents >= range.min * 100 && (range.max === null || facts.priceCents < range.max * 100),
      ).length,
    })),
    rating: RATING_STEPS.map((stars) => ({
      value: String(stars),
      count: candidates.filter(({ facts }) => facts.reviewCount > 0 && meanRating(facts) >= stars).length,
    })),
    licence: tally(({ facts }) => facts.licences),
    onSale: [{ value: 'true', count: candidates.filter((candidate) => candidate.onSale).length }],
    updatedWithin: Object.entries(UPDATED_DAYS).map(([value, days]) => ({
      value,
      count: candidates.filter(({ facts }) => facts.updatedAt >= since(days)).length,
    })),
  };
}

const newest = (a: Candidate, b: Candidate) => b.facts.createdAt.localeCompare(a.facts.createdAt) || b.id.localeCompare(a.id);
const sales = (a: Candidate, b: Candidate) => b.facts.unitsSold - a.facts.unitsSold || b.facts.downloads - a.facts.downloads;

const rating = (a: Candidate, b: Candidate) => b.rating - a.rating;

/** The order of docs/decisions/0019 for each sort; every one ends on the newest, then the id. */
export function compareFor(sort: Sort) {
  switch (sort) {
    case 'newest':
      return newest;
    case 'best_selling':
      return (a: Candidate, b: Candidate) => sales(a, b) || newest(a, b);
    case 'top_rated':
      return (a: Candidate, b: Candidate) => rating(a, b) || b.facts.reviewCount - a.facts.reviewCount || newest(a, b);
    case 'price_asc':
      return (a: Candidate, b: Candidate) => a.facts.priceCents - b.facts.priceCents || newest(a, b);
    case 'price_desc':
      return (a: Candidate, b: Candidate) => b.facts.priceCents - a.facts.priceCents || newest(a, b);
    default:
      return (a: Candidate, b: Candidate) => b.score - a.score || a.tie - b.tie;
  }
}

/** The candidates of these scores (every product of the index when `scores` is null). */
export function candidatesOf(index: SearchIndex, scores: Map<number, number> | null, onSale: ReadonlySet<string>): Candidate[] {
  const candidates: Candidate[] = [];
  const ties = index.tiePlaces();
  for (const number of scores ? scores.keys() : index.docNumbers()) {
    const { id, facts } = index.doc(number);
    candidates.push({
      id,
      score: scores?.get(number) ?? 0,
      facts,
      onSale: onSale.has(id),
      rating: index.bayesianRating(facts),
      tie: ties[number]!,
    });
  }
  return candidates;
}

/** The ids of the `count` best by relevance, straight from the scores: the suggestions' hot path. */
export function bestIds(index: SearchIndex, scores: Map<number, number>, count: number): string[] {
  const ties = index.tiePlaces();
  const best: Array<[number, number]> = [];
  const before = (a: [number, number], b: [number, number]) => b[1] - a[1] || ties[a[0]]! - ties[b[0]]!;
  for (const entry of scores) {
    if (best.length === count && before(entry, best[count - 1]!) >= 0) continue;
    let at = best.length;
    while (at > 0 && before(entry, best[at - 1]!) < 0) at -= 1;
    best.splice(at, 0, entry);
    if (best.length > count) best.pop();
  }
  return best.map(([number]) => index.doc(number).id);
}

/** The first `count` items in the order of `compare`, without sorting them all when few are wanted. */
export function firstOf<T>(items: T[], count: number, compare: (a: T, b: T) => number): T[] {
  if (count * 8 >= items.length) return items.sort(compare).slice(0, count);
  const best: T[] = [];
  for (const item of items) {
    if (best.length === count && compare(item, best[count - 1]!) >= 0) continue;
    let low = 0;
    let high = best.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (compare(item, best[middle]!) < 0) high = middle;
      else low = middle + 1;
    }
    best.splice(low, 0, item);
    if (best.length > count) best.pop();
  }
  return best;
}

/** The ids of one page of results, the total and the facets: what GET /api/product/search/results answers but the cards. */
export function searchPage(
  candidates: Candidate[],
  query: SearchResultsQuery,
  nowMs: number,
): { ids: string[]; total: number; facets: Facets } {
  const filters = filtersOf(query, nowMs);
  const passes = (candidate: Candidate, except: FacetName | null) =>
    filters.every(([name, filter]) => name === except || filter(candidate));
  const matching = candidates.filter((candidate) => passes(candidate, null));
  const facets = countFacets(matching, nowMs);
  // A facet with its own filter set is counted as if it were not.
  for (const [name] of filters) {
    (facets as Record<FacetName, unknown>)[name] = countFacets(
      candidates.filter((candidate) => passes(candidate, name)),
      nowMs,
    )[name];
  }
  const first = firstOf(matching, query.offset + query.limit, compareFor(query.sort));
  return {
    ids: first.slice(query.offset).map((candidate) => candidate.id),
    total: matching.length,
    facets,
  };
}
