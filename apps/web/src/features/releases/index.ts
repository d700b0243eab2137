export { releaseQueryKeys } from './queryKeys';
export { ProductVersions } from './components/ProductVersions';
export { NewVersionButton } from './components/NewVersionDialog';
export { PendingReleases } from './components/PendingReleases';
