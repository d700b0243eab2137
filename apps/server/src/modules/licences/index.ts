export { licenceRoutes } from './licences.routes.js';
export { LicencesService } from './licences.service.js';
