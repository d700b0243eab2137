export { archiveRoutes } from './archives.routes.js';
export { ArchiveReportsRepository } from './archives.repository.js';
export { ArchivesService } from './archives.service.js';
