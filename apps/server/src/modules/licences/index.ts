export { licenceRoutes } from './licences.routes.js';
export { type LicenceUpgrades, LicencesService, type TokenHolder } from './licences.service.js';
export { callerOf, holderOf, perToken, sessionOrTokenAuthentication, tokenAuthentication } from './token-auth.js';
export { hasLicences, holdsActiveLicence, type NewLicence, soldLicences, soldLicencesAndUpgrades } from './licences.repository.js';
