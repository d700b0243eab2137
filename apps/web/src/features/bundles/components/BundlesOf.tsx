import { useBundlesOf } from '../api/bundles';
import { BundleShelf } from './BundleCard';

/** A product page's bundles: "Save with a bundle", or nothing (none, or not known yet). */
export function ProductBundles({ productId }: { productId: string }) {
  const query = useBundlesOf({ productId });
  return <BundleShelf bundles={query.data} title="Save with a bundle" />;
}

/** A portfolio's bundles, under its games. */
export function PortfolioBundles({ portfolio, author }: { portfolio: string; author: string }) {
  const query = useBundlesOf({ portfolio });
  return <BundleShelf bundles={query.data} title={`Bundles by ${author}`} />;
}
