export { archiveRoutes } from './archives.routes.js';
export { ArchivesService, type DeliveryAnalysis } from './archives.service.js';
