import { Link } from 'react-router';
import { useCartCount } from '@/features/cart';
import { CartIcon } from '@/components/icons';

export function CartLink() {
  const count = useCartCount();
  const label = count === 0 ? 'Cart' : `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <Link to="/cart-products" className="btn btn-icon cart-link" aria-label={label}>
      <CartIcon />
      {count > 0 && (
        <span className="cart-badge badge rounded-pill text-bg-danger" data-testid="cart-badge" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}
