import type { SearchResults, SearchResultsQuery } from '@market/contracts';
import { DAY_MS } from '../../platform/clock.js';
import type { Matches, ProductFacts, SearchIndex } from './search-index.js';

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

const FACET_NAMES: readonly FacetName[] = [
  'engine',
  'platform',
  'category',
  'subCategory',
  'price',
  'rating',
  'licence',
  'onSale',
  'updatedWithin',
];

/** The values a candidate counts under in each facet; rating and updatedWithin are cumulative. */
function valuesOf(candidate: Candidate, facet: FacetName, since: Record<string, string>): readonly string[] {
  const { facts } = candidate;
  switch (facet) {
    case 'engine':
      return facts.engine ? [facts.engine] : [];
    case 'platform':
      return facts.platforms;
    case 'category':
      return [facts.category];
    case 'subCategory':
      return [facts.subCategory];
    case 'price': {
      const range = PRICE_RANGES.find(
        (each) => facts.priceCents >= each.min * 100 && (each.max === null || facts.priceCents < each.max * 100),
      );
      return range ? [range.value] : [];
    }
    case 'rating':
      return facts.reviewCount === 0 ? [] : RATING_STEPS.filter((stars) => meanRating(facts) >= stars).map(String);
    case 'licence':
      return facts.licences;
    case 'onSale':
      return candidate.onSale ? ['true'] : [];
    default:
      return Object.keys(UPDATED_DAYS).filter((window) => facts.updatedAt >= since[window]!);
  }
}

/** Counters per facet, turned into the answer's lists: open facets by count, fixed ones in their order. */
function facetsOf(counts: Record<FacetName, Map<string, number>>): Facets {
  const open = (facet: FacetName) =>
    [...counts[facet]].map(([value, count]) => ({ value, count })).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  const fixed = (facet: FacetName, values: readonly string[]) => values.map((value) => ({ value, count: counts[facet].get(value) ?? 0 }));
  return {
    engine: open('engine'),
    platform: open('platform'),
    category: open('category'),
    subCategory: open('subCategory'),
    price: PRICE_RANGES.map((range) => ({ ...range, count: counts.price.get(range.value) ?? 0 })),
    rating: fixed('rating', RATING_STEPS.map(String)),
    licence: open('licence'),
    onSale: fixed('onSale', ['true']),
    updatedWithin: fixed('updatedWithin', Object.keys(UPDATED_DAYS)),
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

/** The candidates of these matches (every product of the index when `matches` is null). */
export function candidatesOf(index: SearchIndex, matches: Matches | null, onSale: ReadonlySet<string>): Candidate[] {
  const candidates: Candidate[] = [];
  const ties = index.tiePlaces();
  for (const number of matches ? matches.docs : index.docNumbers()) {
    const { id, facts } = index.doc(number);
    candidates.push({
      id,
      score: matches ? matches.scores[number]! : 0,
      facts,
      onSale: onSale.has(id),
      rating: index.bayesianRating(facts),
      tie: ties[number]!,
    });
  }
  return candidates;
}

/** The first `count` product ids for the alternatives, by text score then tie place (docs/decisions/0019): the suggestions' hot path. */
export function topIds(index: SearchIndex, alternatives: string[][], count: number): string[] {
  return index.best(alternatives, count).map((doc) => index.doc(doc).id);
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
  const since = Object.fromEntries(
    Object.entries(UPDATED_DAYS).map(([window, days]) => [window, new Date(nowMs - days * DAY_MS).toISOString()]),
  );
  const counts = Object.fromEntries(FACET_NAMES.map((facet) => [facet, new Map<string, number>()])) as Record<
    FacetName,
    Map<string, number>
  >;
  const tally = (candidate: Candidate, facet: FacetName) => {
    const counter = counts[facet];
    for (const value of valuesOf(candidate, facet, since)) counter.set(value, (counter.get(value) ?? 0) + 1);
  };
  const matching: Candidate[] = [];
  // One pass: a product failing no filter counts in every facet; failing only one facet's filter,
  // it counts in that facet alone (each facet ignores its own filter); failing two, in none.
  for (const candidate of candidates) {
    let failed: FacetName | null = null;
    let failures = 0;
    for (const [name, filter] of filters) {
      if (filter(candidate)) continue;
      failures += 1;
      failed = name;
      if (failures > 1) break;
    }
    if (failures === 0) {
      matching.push(candidate);
      for (const facet of FACET_NAMES) tally(candidate, facet);
    } else if (failures === 1) tally(candidate, failed!);
  }
  const first = firstOf(matching, query.offset + query.limit, compareFor(query.sort));
  return {
    ids: first.slice(query.offset).map((candidate) => candidate.id),
    total: matching.length,
    facets: facetsOf(counts),
  };
}
