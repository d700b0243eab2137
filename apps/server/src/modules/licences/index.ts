export { licenceRoutes } from './licences.routes.js';
export { type LicenceUpgrades, LicencesService } from './licences.service.js';
export { hasLicences, holdsActiveLicence, type NewLicence, soldLicences, soldLicencesAndUpgrades } from './licences.repository.js';
