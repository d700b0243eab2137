export { EmptyState, ErrorState, QueryView, isEmptyList } from './QueryView';
