export { licenceRoutes } from './licences.routes.js';
export { type LicenceUpgrades, LicencesService, type TokenHolder } from './licences.service.js';
export { holderOf, perToken, tokenAuthentication } from './token-auth.js';
export { hasLicences, holdsActiveLicence, type NewLicence, soldLicences, soldLicencesAndUpgrades } from './licences.repository.js';
