import {
  CATEGORIES,
  ENGINES,
  SEARCH_LICENCES,
  SEARCH_PLATFORMS,
  SEARCH_SORTS,
  SEARCH_UPDATED_WITHIN,
  SUB_CATEGORIES,
  type SearchResultsQuery,
} from '@market/contracts';

/** The filters a results page keeps in its address, by the results call's own names (docs/decisions/0019). */
export const FILTER_NAMES = [
  'engine',
  'platform',
  'category',
  'subCategory',
  'minPrice',
  'maxPrice',
  'minRating',
  'licence',
  'onSale',
  'updatedWithin',
] as const satisfies ReadonlyArray<keyof SearchResultsQuery>;
export type FilterName = (typeof FILTER_NAMES)[number];
export type Filters = Partial<Record<FilterName, string>>;
export type Sort = (typeof SEARCH_SORTS)[number];

const wholeNumber = (min: number, max: number) => (value: string) =>
  /^\d{1,6}$/.test(value) && Number(value) >= min && Number(value) <= max;
const oneOf = (values: readonly string[]) => (value: string) => values.includes(value);

/**
 * What each filter accepts, checked by hand rather than with the contract's zod schema: the page
 * stays light, and a hand-edited or outdated address drops the value the server would refuse
 * instead of showing an error.
 */
const ACCEPTS: Record<FilterName, (value: string) => boolean> = {
  engine: oneOf(ENGINES),
  platform: oneOf(SEARCH_PLATFORMS),
  category: oneOf(CATEGORIES),
  subCategory: oneOf(SUB_CATEGORIES),
  minPrice: wholeNumber(0, 100_000),
  maxPrice: wholeNumber(1, 100_000),
  minRating: wholeNumber(1, 5),
  licence: oneOf(SEARCH_LICENCES),
  onSale: oneOf(['true']),
  updatedWithin: oneOf(SEARCH_UPDATED_WITHIN),
};

/** The valid filters of an address's query. */
export function filtersOf(params: URLSearchParams): Filters {
  const filters: Filters = {};
  for (const name of FILTER_NAMES) {
    const value = params.get(name);
    if (value && ACCEPTS[name](value)) filters[name] = value;
  }
  return filters;
}

/** docs/decisions/0019: relevance ranks by the text, so it is offered (and the default) only when there is text. */
export function sortsFor(text: string): readonly Sort[] {
  return text ? SEARCH_SORTS : SEARCH_SORTS.filter((sort) => sort !== 'relevance');
}

export function defaultSort(text: string): Sort {
  return text ? 'relevance' : 'newest';
}

/** The sort the address names when it is offered for this text, else the default. */
export function sortOf(params: URLSearchParams, text: string): Sort {
  const sort = params.get('sort') as Sort | null;
  return sort && sortsFor(text).includes(sort) ? sort : defaultSort(text);
}

/** The page number the address names (1 when absent or not a page). */
export function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

export const SORT_LABELS: Record<Sort, string> = {
  relevance: 'Relevance',
  newest: 'Newest',
  best_selling: 'Best selling',
  top_rated: 'Top rated',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

export const LICENCE_LABELS: Record<string, string> = { multi_app: 'Multi App License', reskin: 'Reskin offered' };
export const UPDATED_LABELS: Record<string, string> = { '7d': 'Last 7 days', '30d': 'Last 30 days', '365d': 'Last year' };
