import { useId, useState } from 'react';
import type { LicenseType, ProductDetail } from '@market/contracts';
import { formatDollars } from '@/lib/format';
import { showNotice } from '@/components/notice/notices';
import { addToCart, addToWishlist, type AddResult } from '@/features/cart';

/** LICENSE_TYPES of contracts, restated: enums.ts would bring zod into this chunk. */
const LICENSE_TYPES: readonly LicenseType[] = ['Single App License', 'Multi App License'];

function priceOf(product: ProductDetail, license: LicenseType): number {
  return license === 'Multi App License' ? product.multiAppLicense : product.singleAppLicense;
}

function report(result: AddResult) {
  showNotice(result.message, result.added ? 'success' : 'info');
}

/** SPEC.md 2.5: licence radio (Single by default), the total for it, Add to cart and Add to Wishlist. */
export function PurchaseBox({ product }: { product: ProductDetail }) {
  const [license, setLicense] = useState<LicenseType>('Single App License');
  const totalId = useId();

  return (
    <div className="purchase-box">
      <fieldset>
        <legend className="purchase-legend">Choose a license</legend>
        {LICENSE_TYPES.map((type) => (
          <div className="form-check license-option" key={type}>
            <input
              className="form-check-input"
              type="radio"
              name="license"
              id={`${totalId}-${type.replaceAll(' ', '-')}`}
              value={type}
              checked={license === type}
              onChange={() => setLicense(type)}
            />
            <label className="form-check-label d-flex justify-content-between w-100" htmlFor={`${totalId}-${type.replaceAll(' ', '-')}`}>
              <span>{type}</span>
              <span className="fw-semibold">{formatDollars(priceOf(product, type))}</span>
            </label>
          </div>
        ))}
      </fieldset>
      <p className="purchase-total" id={totalId}>
        Total price: <strong data-testid="total-price">{formatDollars(priceOf(product, license))}</strong>
      </p>
      <div className="d-grid gap-2">
        <button type="button" className="btn btn-primary" onClick={() => report(addToCart(product, { license }))}>
          Add to cart
        </button>
        <button type="button" className="btn btn-outline-primary" onClick={() => report(addToWishlist(product, { license }))}>
          Add to Wishlist
        </button>
      </div>
    </div>
  );
}
