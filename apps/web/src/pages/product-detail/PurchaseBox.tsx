import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { LicenseType, ProductDetail, ProductSale } from '@market/contracts';
import { formatDateTimeUtc, formatDollars } from '@/lib/format';
import { SalePrice } from '@/components/SalePrice';
import { LicenceTerms } from '@/components/LicenceTerms';
import { showNotice } from '@/components/notice/notices';
import { addToCart, addToWishlist, type AddResult } from '@/features/cart';
import { useSession } from '@/features/auth';
import { useHydrated } from '@/lib/hydration';

// Only a signed-in buyer's page asks for their licences: a visitor's first screen never loads it.
const UpgradeOffer = lazy(() => import('@/features/licences').then((module) => ({ default: module.UpgradeOffer })));

/** LICENSE_TYPES of contracts, restated: enums.ts would bring zod into this chunk. */
const LICENSE_TYPES: readonly LicenseType[] = ['Single App License', 'Multi App License'];

type LicencePrices = Pick<ProductDetail, 'singleAppLicense' | 'multiAppLicense'>;

function priceOf(prices: LicencePrices, license: LicenseType): number {
  return license === 'Multi App License' ? prices.multiAppLicense : prices.singleAppLicense;
}

/** The licence's price as the buyer would pay it now: the sale's while one runs. */
function LicencePrice({ product, license }: { product: ProductDetail; license: LicenseType }) {
  const listed = formatDollars(priceOf(product, license));
  if (!product.sale) return <>{listed}</>;
  return <SalePrice listed={listed} price={formatDollars(priceOf(product.sale, license))} percent={product.sale.percent} />;
}

/** The EU's Omnibus rule: beside a sale's price, the lowest price of the 30 days before it, and when the sale ends. */
function SaleFacts({ sale, license }: { sale: ProductSale; license: LicenseType }) {
  return (
    <p className="purchase-sale-facts">
      <span className="d-block">Lowest price in the last 30 days: {formatDollars(priceOf(sale.lowestIn30Days, license))}</span>
      <span className="d-block">Sale ends {formatDateTimeUtc(sale.endsAt)}</span>
    </p>
  );
}

function isLicenseType(value: string | undefined): value is LicenseType {
  return LICENSE_TYPES.some((type) => type === value);
}

function checkedLicenseIn(fieldset: HTMLFieldSetElement | null): LicenseType | undefined {
  const checked = fieldset?.querySelector<HTMLInputElement>('input[type="radio"]:checked')?.value;
  return isLicenseType(checked) ? checked : undefined;
}

/**
 * The licence the buyer sees checked. One picked on the server-drawn page before the app took it
 * over stays checked in the document while the state starts at Single, and a press of Add to cart
 * made meanwhile is answered before the state catches up: the total adopts the document's choice
 * once, and the buttons read it from the document.
 */
function useChosenLicense() {
  const [license, setLicense] = useState<LicenseType>('Single App License');
  const fieldset = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    const checked = checkedLicenseIn(fieldset.current);
    if (checked) setLicense(checked);
  }, []);
  const chosenNow = () => checkedLicenseIn(fieldset.current) ?? license;
  return { license, setLicense, fieldset, chosenNow };
}

function report(result: AddResult) {
  showNotice(result.message, result.added ? 'success' : 'info');
}

/**
 * docs/product-spec.md §2.5: licence radio (Single by default), the total for it, Add to cart and Add to Wishlist.
 * Its seller sees the prices but no buttons: the server refuses to sell a product to its seller.
 */
export function PurchaseBox({ product }: { product: ProductDetail }) {
  const { license, setLicense, fieldset, chosenNow } = useChosenLicense();
  const totalId = useId();
  const { user } = useSession();
  const ownProduct = user !== null && user._id === product.userId._id;
  const hydrated = useHydrated();

  return (
    <div className="purchase-box">
      <fieldset ref={fieldset}>
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
              <span className="fw-semibold">
                <LicencePrice product={product} license={type} />
              </span>
            </label>
          </div>
        ))}
      </fieldset>
      <LicenceTerms license={license} />
      <p className="purchase-total" id={totalId}>
        Total price: <strong data-testid="total-price">{formatDollars(priceOf(product.sale ?? product, license))}</strong>
      </p>
      {product.sale && <SaleFacts sale={product.sale} license={license} />}
      {ownProduct ? (
        <p className="purchase-own-note mb-0">You sell this product, so it cannot be bought from your account.</p>
      ) : (
        <div className="d-grid gap-2">
          <button type="button" className="btn btn-primary" onClick={() => report(addToCart(product, { license: chosenNow() }))}>
            Add to cart
          </button>
          <button
            type="button"
            className="btn btn-outline-primary"
            onClick={() => report(addToWishlist(product, { license: chosenNow() }))}
          >
            Add to Wishlist
          </button>
          {user !== null && hydrated && (
            <Suspense fallback={null}>
              <UpgradeOffer productId={product._id} />
            </Suspense>
          )}
        </div>
      )}
    </div>
  );
}
