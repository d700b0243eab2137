export { ApiTokens } from './components/ApiTokens';
export { LicenceCertificate } from './components/LicenceCertificate';
export { LicenceLookup } from './components/LicenceLookup';
export { LicencesList } from './components/LicencesList';
export { useLicence } from './api/licences';
export { UpgradeOffer } from './components/UpgradeOffer';
export { upgradeCheckoutPath } from './upgradePath';
