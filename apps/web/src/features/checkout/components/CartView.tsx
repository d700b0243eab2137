import { Link, useNavigate } from 'react-router';
import { useSession, useSignupFirst } from '@/features/auth';
import { useCartBundles, useCartItems } from '@/features/cart';
import { useCheckedCart } from '../api/lineAvailability';
import { useCheckedBundles } from '../api/bundleAvailability';
import { useFocusAfterRowLeaves } from '@/components/useFocusAfterRowLeaves';
import { CartLines } from './CartLines';
import { CartSummary } from './CartSummary';
import { DiscountCodeField } from './DiscountCodeField';
import { useCartPrice } from '../api/cartPrice';
import { useDiscountCode } from '../discountCode';
import { toBundleCheckoutLine, toCheckoutLine } from '../usePayForCart';
import '../checkout.css';

/** docs/product-spec.md §2.6 cart: the lines, their totals, Proceed to checkout and Continue Shopping. */
export function CartView() {
  const items = useCartItems();
  const cart = useCheckedCart(items);
  const bundleItems = useCartBundles();
  const bundles = useCheckedBundles(bundleItems);
  const allLines = [...cart.lines, ...bundles.lines];
  const payable = allLines.length > 0 && allLines.every((line) => line.state === 'available');
  const { user } = useSession();
  const navigate = useNavigate();
  const signupFirst = useSignupFirst();
  // Here rather than in the lines: the last line's Remove leaves the empty cart, and focus its heading.
  const focusAfter = useFocusAfterRowLeaves([...items, ...bundleItems].map((item) => item._id));
  const code = useDiscountCode();
  // Priced by the server once every line is known to be on sale (it refuses the others).
  const price = useCartPrice(
    user && payable
      ? [...cart.lines.map((line) => toCheckoutLine(line.item)), ...bundles.lines.map((line) => toBundleCheckoutLine(line.item))]
      : [],
    code,
  );

  if (items.length === 0 && bundleItems.length === 0) {
    return (
      <div className="cart-empty">
        <p className="cart-empty-text">No Products In Cart</p>
        <Link to="/browse-game" className="btn btn-primary">
          Continue Shopping
        </Link>
      </div>
    );
  }

  const checking = allLines.some((line) => line.state === 'checking');
  const unavailable = allLines.filter((line) => line.state === 'unavailable').length;
  return (
    <div className="row g-4">
      <div className="col-12 col-lg-8">
        <CartLines lines={cart.lines} bundles={bundles.lines} price={price.data} onRemove={(id) => focusAfter.willLeave(id, 'remove')} />
      </div>
      <div className="col-12 col-lg-4">
        <CartSummary
          title="Cart Totals"
          items={cart.lines.map((line) => line.item)}
          bundles={bundles.lines.map((line) => line.item)}
          price={price.data}
          codeField={<DiscountCodeField code={code} price={price} signedIn={user !== null} />}
        >
          {unavailable > 0 && (
            <p className="text-danger small" role="alert">
              Remove the products that are no longer available to check out.
            </p>
          )}
          {allLines.some((line) => line.state === 'unchecked') && (
            <p className="small" role="alert">
              We could not check every product.{' '}
              <button
                type="button"
                className="btn btn-link btn-sm p-0 align-baseline"
                onClick={() => {
                  cart.retry();
                  bundles.retry();
                }}
              >
                Check again
              </button>
            </p>
          )}
          <div className="d-grid gap-2">
            <button
              type="button"
              className="btn btn-primary"
              disabled={!payable}
              aria-busy={checking}
              onClick={() => (user ? navigate('/checkout') : signupFirst())}
            >
              Proceed to checkout
            </button>
            <Link to="/browse-game" className="btn btn-outline-secondary">
              Continue Shopping
            </Link>
          </div>
        </CartSummary>
      </div>
    </div>
  );
}
