import type { ReactNode } from 'react';

import { cartTotalCents, type CartItem } from '@/features/cart';
import { formatCents } from '@/lib/format';

interface CartSummaryProps {
  title: string;
  items: readonly CartItem[];
  children?: ReactNode;
}

/** Items, total price, discount (always 0, docs/product-spec.md §2.6) and total; reskin prices are not added. */
export function CartSummary({ title, items, children }: CartSummaryProps) {
  const total = formatCents(cartTotalCents(items));
  return (
    <section className="cart-summary" aria-labelledby="cart-summary-title">
      <h2 className="cart-summary-title" id="cart-summary-title">
        {title}
      </h2>
      <dl className="cart-summary-list">
        <div>
          <dt>Items</dt>
          <dd>{items.length}</dd>
        </div>
        <div>
          <dt>Total price</dt>
          <dd>{total}</dd>
        </div>
        <div>
          <dt>Discount</dt>
          <dd>{formatCents(0)}</dd>
        </div>
        <div className="cart-summary-total">
          <dt>Total</dt>
          <dd data-testid="cart-total">{total}</dd>
        </div>
      </dl>
      {children}
    </section>
  );
}
