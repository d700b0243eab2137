export { SearchForm, searchPath } from './SearchForm';
export { MobileSearch } from './MobileSearch';
