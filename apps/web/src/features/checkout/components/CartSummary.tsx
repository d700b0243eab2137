import type { ReactNode } from 'react';
import { dollarsToCents, type CartPrice } from '@market/contracts';

import { bundleLinePrice, cartTotalCents, type BundleCartItem, type CartItem } from '@/features/cart';
import { formatCents } from '@/lib/format';

interface CartSummaryProps {
  title: string;
  items: readonly CartItem[];
  /** Bundles in the cart (docs/decisions/0011): each one item at its own price. */
  bundles?: readonly BundleCartItem[];
  /** The server's price with a discount code that applies; without one the discount is 0 (docs/product-spec.md §2.6). */
  price?: CartPrice | null;
  /** The discount code's field, under the figures. */
  codeField?: ReactNode;
  children?: ReactNode;
}

/** The figures a summary shows: with an applied code, the server's; else the cart's own total, discount 0. */
export function summaryCents(items: readonly CartItem[], price: CartPrice | null | undefined, bundles: readonly BundleCartItem[] = []) {
  if (price?.code?.applied) {
    return { subtotal: dollarsToCents(price.subtotal), discount: dollarsToCents(price.discount), total: dollarsToCents(price.total) };
  }
  const total = cartTotalCents(items) + bundles.reduce((sum, bundle) => sum + dollarsToCents(bundleLinePrice(bundle)), 0);
  return { subtotal: total, discount: 0, total };
}

/** Items, total price, discount and total; reskin prices are not added. */
export function CartSummary({ title, items, bundles = [], price, codeField, children }: CartSummaryProps) {
  const figures = summaryCents(items, price, bundles);
  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 className="cart-summary-title" id="cart-summary-title">
        {title}
      </h2>
      <dl className="cart-summary-list">
        <div>
          <dt>Items</dt>
          <dd>{items.length + bundles.length}</dd>
        </div>
        {bundles.map((bundle) => (
          <div key={bundle._id} className="cart-summary-bundle">
            <dt>
              Bundle &ldquo;{bundle.name}&rdquo; <span className="text-secondary">({bundle.products.length} licences)</span>
            </dt>
            <dd>{formatCents(dollarsToCents(bundleLinePrice(bundle)))}</dd>
          </div>
        ))}
        <div>
          <dt>Total price</dt>
          <dd>{formatCents(figures.subtotal)}</dd>
        </div>
        <div>
          <dt>Discount</dt>
          <dd data-testid="cart-discount">{formatCents(-figures.discount)}</dd>
        </div>
        <div className="cart-summary-total">
          <dt>Total</dt>
          <dd data-testid="cart-total">{formatCents(figures.total)}</dd>
        </div>
      </dl>
      {codeField && <div className="cart-summary-code">{codeField}</div>}
      {children}
    </section>
  );
}
