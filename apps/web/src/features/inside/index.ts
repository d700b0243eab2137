import { lazy } from 'react';

export { insideQueryKeys } from './queryKeys';
export { InsideOverview } from './components/InsideOverview';
export { ArchiveCheckNote } from './components/ArchiveCheckNote';
export { useArchiveCheck } from './api/archiveChecks';
export { EngineFilter } from './components/EngineFilter';

/** The tab's code (tree, tables, lists) loads when the tab is opened; the overview line needs none of it. */
export const ProductInside = lazy(() => import('./components/ProductInside'));
