export { archiveRoutes } from './archives.routes.js';
export { ArchivesService } from './archives.service.js';
