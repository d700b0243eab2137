export { FacetedResults } from './components/FacetedResults';
export type { Filters as SearchFilters } from './searchFilters';
