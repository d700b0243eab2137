import { useId, useState } from 'react';
import { Link } from 'react-router';
import { productPagePath, type Bundle, type LicenseType } from '@market/contracts';
import { CategoryIcon } from '@/components/CategoryIcon';
import { LicenceTerms } from '@/components/LicenceTerms';
import { showNotice } from '@/components/notice/notices';
import { useSession } from '@/features/auth';
import { addBundleToCart } from '@/features/cart';
import { formatDollars } from '@/lib/format';
import { bundleFigures } from './bundlePrices';
import '../bundles.css';

const LICENSE_TYPES: readonly LicenseType[] = ['Single App License', 'Multi App License'];

/** /bundle/{id} (docs/decisions/0011): its products, its prices against theirs one by one, what it saves, Add to cart. */
export function BundleView({ bundle }: { bundle: Bundle }) {
  const ids = useId();
  const [license, setLicense] = useState<LicenseType>('Single App License');
  const { user } = useSession();
  const own = user !== null && user._id === bundle.seller._id;
  const chosen = bundleFigures(bundle, license);

  return (
    <div className="row g-4">
      <div className="col-lg-7">
        <h1 className="page-title">{bundle.name}</h1>
        <p className="text-secondary">
          A bundle of {bundle.products.length} products by {bundle.seller.name}: buying it gives you each product&rsquo;s licence.
        </p>
        {!bundle.forSale && (
          <p className="alert alert-warning" data-testid="not-for-sale">
            <strong>Not for sale now</strong>
            {bundle.whyNotForSale && <span className="d-block small">Because {bundle.whyNotForSale}.</span>}
          </p>
        )}
        <h2 className="section-title">In this bundle</h2>
        <ul className="bundle-products" aria-label={`Products in ${bundle.name}`}>
          {bundle.products.map((product) => (
            <li key={product._id} className="bundle-product">
              <img className="bundle-product-thumb" src={product.thumbnail} alt="" width={96} height={64} loading="lazy" />
              <div className="bundle-product-body">
                <Link to={productPagePath(product.slug)} className="bundle-product-title">
                  {product.title}
                </Link>
                <span className="bundle-product-meta">
                  <CategoryIcon category={product.category} /> {product.category}
                </span>
              </div>
              <span className="bundle-product-price">
                {formatDollars(license === 'Multi App License' ? product.multiAppLicense : product.singleAppLicense)}
                <span className="visually-hidden"> on its own</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="col-lg-5">
        <div className="purchase-box">
          <fieldset>
            <legend className="purchase-legend">Choose a license</legend>
            {LICENSE_TYPES.map((type) => {
              const figures = bundleFigures(bundle, type);
              return (
                <div className="form-check license-option" key={type}>
                  <input
                    className="form-check-input"
                    type="radio"
                    name="bundle-license"
                    id={`${ids}-${type.replaceAll(' ', '-')}`}
                    value={type}
                    checked={license === type}
                    onChange={() => setLicense(type)}
                  />
                  <label className="form-check-label d-flex justify-content-between w-100" htmlFor={`${ids}-${type.replaceAll(' ', '-')}`}>
                    <span>{type}</span>
                    <span className="fw-semibold">{figures.price}</span>
                  </label>
                </div>
              );
            })}
          </fieldset>
          <LicenceTerms license={license} />
          <dl className="bundle-figures">
            <div>
              <dt>Bought one by one</dt>
              <dd>
                <s>{chosen.listed}</s>
              </dd>
            </div>
            <div>
              <dt>Bundle price</dt>
              <dd data-testid="bundle-price">{chosen.price}</dd>
            </div>
            <div className="bundle-figures-saving">
              <dt>You save</dt>
              <dd data-testid="bundle-saving">
                {chosen.saving} ({chosen.percent}%)
              </dd>
            </div>
          </dl>
          <p className="small text-secondary">Discount codes and sales do not apply to bundles.</p>
          {own ? (
            <p className="purchase-own-note mb-0">You sell this bundle, so it cannot be bought from your account.</p>
          ) : (
            bundle.forSale && (
              <div className="d-grid">
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => {
                    const result = addBundleToCart(bundle, license);
                    showNotice(result.message, result.added ? 'success' : 'info');
                  }}
                >
                  Add to cart
                </button>
              </div>
            )
          )}
        </div>
      </div>
    </div>
  );
}
