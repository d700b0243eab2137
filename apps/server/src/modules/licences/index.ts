export { licenceRoutes } from './licences.routes.js';
export { LicencesService } from './licences.service.js';
export { hasLicences, holdsActiveLicence, type NewLicence, soldLicences } from './licences.repository.js';
