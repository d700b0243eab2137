import { useId } from 'react';
import { Link } from 'react-router';
import { dollarsToCents, type LicenseType } from '@market/contracts';
import { LicenceTerms } from '@/components/LicenceTerms';
import { bundlePath } from '@/features/bundles';
import { bundleLinePrice, changeBundleLicense, removeBundleFromCart, type BundleCartItem } from '@/features/cart';
import { formatCents } from '@/lib/format';
import type { CheckedBundle } from '../api/bundleAvailability';

const LICENSE_TYPES: readonly LicenseType[] = ['Single App License', 'Multi App License'];

export const bundleTitleId = (item: Pick<BundleCartItem, '_id'>) => `line-title-bundle-${item._id}`;

/** The bundle's price for the licence chosen, and what its products cost one by one, in cents. */
export function bundleLineCents(item: BundleCartItem) {
  const multi = item.selectedLicense === 'Multi App License';
  return {
    price: dollarsToCents(bundleLinePrice(item)),
    listed: dollarsToCents(multi ? item.listed.multiAppLicense : item.listed.singleAppLicense),
  };
}

function Note({ line }: { line: CheckedBundle }) {
  if (line.state === 'unavailable') {
    return <p className="product-line-flag text-danger">This bundle is no longer for sale. Remove it to check out.</p>;
  }
  if (line.state === 'unchecked') return <p className="product-line-flag text-danger">We could not check this bundle right now.</p>;
  return null;
}

/**
 * A bundle in the cart or the checkout (docs/decisions/0011): its products, the licence for all of
 * them, its price against theirs one by one; codes and sales do not reach it.
 */
export function BundleLine({ line, onRemove }: { line: CheckedBundle; onRemove: (id: string) => void }) {
  const { item } = line;
  const selectId = useId();
  const cents = bundleLineCents(item);
  return (
    <li className="product-line" data-row-id={item._id}>
      <img className="product-line-thumb" src={item.products[0]?.thumbnail ?? ''} alt="" width={96} height={64} loading="lazy" />
      <div className="product-line-body">
        <h2 className="product-line-title" id={bundleTitleId(item)}>
          <Link to={bundlePath(item)}>
            <span className="visually-hidden">Bundle: </span>
            {item.name}
          </Link>
        </h2>
        <p className="product-line-meta">
          Bundle of {item.products.length}: {item.products.map((product) => product.title).join(', ')}
        </p>
        <div className="product-line-license">
          <label className="visually-hidden" htmlFor={selectId}>
            License for the bundle {item.name}
          </label>
          <select
            id={selectId}
            className="form-select form-select-sm product-line-select"
            value={item.selectedLicense}
            onChange={(event) => changeBundleLicense(item._id, event.target.value as LicenseType)}
          >
            {LICENSE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          <LicenceTerms license={item.selectedLicense} />
        </div>
        <p className="product-line-meta">Discount codes and sales do not apply to bundles.</p>
        <Note line={line} />
      </div>
      <div className="product-line-end">
        <p className="product-line-price">
          <s className="product-line-list-price">
            <span className="visually-hidden">Bought one by one </span>
            {formatCents(cents.listed)}
          </s>{' '}
          {formatCents(cents.price)}
          <span className="product-line-discount">You save {formatCents(cents.listed - cents.price)}</span>
        </p>
        <div className="product-line-actions">
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            aria-describedby={bundleTitleId(item)}
            data-row-action="remove"
            onClick={() => {
              onRemove(item._id);
              removeBundleFromCart(item._id);
            }}
          >
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
