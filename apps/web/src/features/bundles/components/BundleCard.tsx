import { useId } from 'react';
import { Link } from 'react-router';
import type { Bundle } from '@market/contracts';
import { bundleFigures, bundlePath } from './bundlePrices';
import '../bundles.css';

/**
 * A bundle on a product's page and a portfolio (docs/decisions/0011): its name, its products, and
 * its Single App License price against what they cost one by one.
 */
export function BundleCard({ bundle, headingLevel = 3 }: { bundle: Bundle; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = useId();
  const single = bundleFigures(bundle, 'Single App License');
  return (
    <article className="bundle-card" aria-labelledby={titleId}>
      <Heading className="bundle-card-title" id={titleId}>
        <Link to={bundlePath(bundle)} className="stretched-link">
          {bundle.name}
        </Link>
      </Heading>
      <p className="bundle-card-products">
        {bundle.products.length} products: {bundle.products.map((product) => product.title).join(', ')}
      </p>
      <p className="bundle-card-price">
        <s className="bundle-card-was">
          <span className="visually-hidden">Bought one by one </span>
          {single.listed}
        </s>{' '}
        <strong>{single.price}</strong> <span className="bundle-card-save">Save {single.saving}</span>
        <span className="d-block small text-secondary">Single App License</span>
      </p>
    </article>
  );
}

/** The bundles holding a product or a portfolio's products, under a heading; nothing while none is known. */
export function BundleShelf({ bundles, title }: { bundles: readonly Bundle[] | undefined; title: string }) {
  const headingId = useId();
  if (!bundles || bundles.length === 0) return null;
  return (
    <section className="bundle-shelf" aria-labelledby={headingId}>
      <h2 className="bundle-shelf-title" id={headingId}>
        {title}
      </h2>
      <ul className="bundle-shelf-list">
        {bundles.map((bundle) => (
          <li key={bundle._id}>
            <BundleCard bundle={bundle} />
          </li>
        ))}
      </ul>
    </section>
  );
}
