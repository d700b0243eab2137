export { releaseRoutes } from './releases.routes.js';
export { archiveFileName, type FirstRelease, ReleasesService } from './releases.service.js';
export type { ReleaseRow } from './releases.repository.js';
