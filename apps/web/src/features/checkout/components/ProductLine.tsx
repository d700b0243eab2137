import { productPagePath } from '@market/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { CategoryIcon } from '@/components/CategoryIcon';
import { SalePrice } from '@/components/SalePrice';
import { productName } from '@/features/catalogue';
import { lineCents, type CartItem } from '@/features/cart';
import { formatDollars, formatCents } from '@/lib/format';

interface ProductLineProps {
  item: CartItem;
  /** Where the licence is shown: plain text, or a control to change it. */
  license?: ReactNode;
  /** Shown under the line, e.g. why it cannot be paid. */
  note?: ReactNode;
  actions: ReactNode;
  /** A discount code's cents off this line, as the server priced it. */
  discount?: LineDiscount | null;
}

type LineDiscount = { code: string; listCents: number; priceCents: number };

/** The chosen licence's listed price: the struck-through price while a sale runs. */
const listedCents = (item: CartItem) => lineCents({ ...item, sale: undefined });

function CodeDiscount({ discount }: { discount: LineDiscount }) {
  return (
    <span className="product-line-discount">
      −{formatCents(discount.listCents - discount.priceCents)} with {discount.code}
    </span>
  );
}

export const lineTitleId = (item: Pick<CartItem, '_id'>) => `line-title-${item._id}`;

/** One product in the cart or the wishlist: docs/product-spec.md §2.6 thumbnail, title, category, licence, price. */
export function ProductLine({ item, license, note, actions, discount }: ProductLineProps) {
  const name = productName(item);
  return (
    <li className="product-line" data-row-id={item._id}>
      <img className="product-line-thumb" src={item.thumbnail} alt="" width={96} height={64} loading="lazy" />
      <div className="product-line-body">
        <h2 className="product-line-title" id={lineTitleId(item)}>
          <Link to={productPagePath(item.slug)}>{name}</Link>
        </h2>
        <p className="product-line-meta">
          <CategoryIcon category={item.category} /> {item.category}
        </p>
        <div className="product-line-license">{license ?? item.selectedLicense}</div>
        {item.reskinPrice !== null && (
          <p className="product-line-meta">
            Reskin price: {formatDollars(item.reskinPrice)} <span className="text-secondary">(not included)</span>
          </p>
        )}
        {note}
      </div>
      <div className="product-line-end">
        {item.sale ? (
          <p className="product-line-price">
            <SalePrice
              listed={formatCents(listedCents(item))}
              price={formatCents(discount ? discount.priceCents : lineCents(item))}
              percent={item.sale.percent}
            />
            {discount && <CodeDiscount discount={discount} />}
          </p>
        ) : discount ? (
          <p className="product-line-price">
            <s className="product-line-list-price">
              <span className="visually-hidden">Was </span>
              {formatCents(discount.listCents)}
            </s>{' '}
            {formatCents(discount.priceCents)}
            <CodeDiscount discount={discount} />
          </p>
        ) : (
          <p className="product-line-price">{formatCents(lineCents(item))}</p>
        )}
        <div className="product-line-actions">{actions}</div>
      </div>
    </li>
  );
}
