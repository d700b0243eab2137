import { useId } from 'react';
import { dollarsToCents, type CartPrice, type LicenseType } from '@market/contracts';
import { LicenceTerms } from '@/components/LicenceTerms';
import { productName } from '@/features/catalogue';
import { changeCartLicense, removeFromCart } from '@/features/cart';
import type { CheckedLine } from '../api/lineAvailability';
import type { CheckedBundle } from '../api/bundleAvailability';
import { BundleLine } from './BundleLine';
import { ProductLine, lineTitleId } from './ProductLine';

const LICENSE_TYPES: readonly LicenseType[] = ['Single App License', 'Multi App License'];

function LineNote({ line }: { line: CheckedLine }) {
  if (line.state === 'unavailable') {
    return <p className="product-line-flag text-danger">This product is no longer available. Remove it to check out.</p>;
  }
  if (line.state === 'unchecked') {
    return <p className="product-line-flag text-danger">We could not check this product right now.</p>;
  }
  return null;
}

function LicenseSelect({ line }: { line: CheckedLine }) {
  const id = useId();
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        License for {productName(line.item)}
      </label>
      <select
        id={id}
        className="form-select form-select-sm product-line-select"
        value={line.item.selectedLicense}
        onChange={(event) => changeCartLicense(line.item._id, event.target.value as LicenseType)}
      >
        {LICENSE_TYPES.map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      <LicenceTerms license={line.item.selectedLicense} />
    </>
  );
}

/** The cents a code takes off each line, by product, where the server's price has them for the licence now chosen. */
export function lineDiscounts(price: CartPrice | null | undefined) {
  const applied = price?.code?.applied ? price : null;
  return (item: { _id: string; selectedLicense: LicenseType }) => {
    const line = applied?.lines.find(
      (candidate) => candidate.productId === item._id && candidate.licenseType === item.selectedLicense && !candidate.bundleId,
    );
    if (!applied?.code || !line || line.discount === line.saleDiscount) return null;
    // The code's part, off the sale price where a sale runs.
    return {
      code: applied.code.code,
      listCents: dollarsToCents(line.listPrice - line.saleDiscount),
      priceCents: dollarsToCents(line.price),
    };
  };
}

/**
 * The cart's lines with their licence choice, availability flag and remove control. `onRemove`
 * is told first, so focus can follow the line that leaves.
 */
export function CartLines({
  lines,
  bundles = [],
  onRemove,
  price,
}: {
  lines: readonly CheckedLine[];
  /** Bundles in the cart (docs/decisions/0011), after the products. */
  bundles?: readonly CheckedBundle[];
  onRemove: (id: string) => void;
  price?: CartPrice | null;
}) {
  const discountOf = lineDiscounts(price);
  return (
    <ul className="product-lines" aria-label="Products in your cart">
      {lines.map((line) => (
        <ProductLine
          key={line.item._id}
          item={line.item}
          license={<LicenseSelect line={line} />}
          note={<LineNote line={line} />}
          discount={discountOf(line.item)}
          actions={
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              aria-describedby={lineTitleId(line.item)}
              data-row-action="remove"
              onClick={() => {
                onRemove(line.item._id);
                removeFromCart(line.item._id);
              }}
            >
              Remove
            </button>
          }
        />
      ))}
      {bundles.map((line) => (
        <BundleLine key={line.item._id} line={line} onRemove={onRemove} />
      ))}
    </ul>
  );
}
