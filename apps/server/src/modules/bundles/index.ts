export { bundleRoutes } from './bundles.routes.js';
export { type BundledLine, type BundleInCart, BundlesService } from './bundles.service.js';
export { bundleNameOf, bundleNamesOf } from './bundles.repository.js';
