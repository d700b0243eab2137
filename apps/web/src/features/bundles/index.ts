export { Bundles } from './components/Bundles';
export { BundleView } from './components/BundleView';
export { PortfolioBundles, ProductBundles } from './components/BundlesOf';
export { useBundle } from './api/bundles';
export { getBundle } from './api/bundles';
export { bundlePath } from './components/bundlePrices';
