import { useEffect } from 'react';
import { Link } from 'react-router';

import { useSession, useSignupFirst } from '@/features/auth';
import { useCartBundles, useCartItems } from '@/features/cart';
import { useCheckedCart } from '../api/lineAvailability';
import { useCheckedBundles } from '../api/bundleAvailability';
import { usePayForCart } from '../usePayForCart';
import { CartSummary, summaryCents } from './CartSummary';
import { DiscountCodeField } from './DiscountCodeField';
import { useCartPrice } from '../api/cartPrice';
import { useDiscountCode } from '../discountCode';
import { toBundleCheckoutLine, toCheckoutLine } from '../usePayForCart';
import { CardPayment } from './CardPayment';
import '../checkout.css';
import { formatCents } from '@/lib/format';

/** /checkout (docs/product-spec.md §2.6): card fields, Pay with a spinner, the order summary and 'Secure Payment'. */
export function CheckoutView() {
  const { user } = useSession();
  const signupFirst = useSignupFirst();
  useEffect(() => {
    if (!user) signupFirst();
  }, [user, signupFirst]);

  if (!user) {
    return (
      <div className="cart-empty">
        <p className="cart-empty-text">Please Signup First</p>
        <p>
          <Link to="/sign-up">Sign up</Link> or <Link to="/Login">log in</Link> to pay for your cart.
        </p>
      </div>
    );
  }
  return <SignedInCheckout />;
}

function SignedInCheckout() {
  const items = useCartItems();
  const cart = useCheckedCart(items);
  const bundleItems = useCartBundles();
  const checkedBundles = useCheckedBundles(bundleItems);
  const lines = cart.lines.map((line) => line.item);
  const bundles = checkedBundles.lines.map((line) => line.item);
  const allLines = [...cart.lines, ...checkedBundles.lines];
  const payable = allLines.length > 0 && allLines.every((line) => line.state === 'available');
  const code = useDiscountCode();
  const price = useCartPrice(payable ? [...lines.map(toCheckoutLine), ...bundles.map(toBundleCheckoutLine)] : [], code);
  // Only a code the server applies goes with the payment; one that no longer applies is shown with its reason.
  const payment = usePayForCart(lines, bundles, price.data?.code?.applied ? code : null);

  // After paying the cart is cleared on the way to the success page: no empty-cart flash.
  if (items.length === 0 && bundleItems.length === 0 && !payment.isSuccess) {
    return (
      <div className="cart-empty">
        <p className="cart-empty-text">No Products In Cart</p>
        <Link to="/browse-game" className="btn btn-primary">
          Continue Shopping
        </Link>
      </div>
    );
  }

  const amountLabel = formatCents(summaryCents(lines, price.data, bundles).total);
  return (
    <div className="row g-4">
      <div className="col-12 col-lg-7">
        <CardPayment
          amountLabel={amountLabel}
          payment={payment}
          preparing={allLines.some((line) => line.state === 'checking') || price.isLoading}
          blocked={
            !payable && (
              <div className="alert alert-warning" role="alert">
                Some products in your cart can no longer be bought. <Link to="/cart-products">Review your cart</Link>
              </div>
            )
          }
        />
      </div>
      <div className="col-12 col-lg-5">
        <CartSummary
          title="Order Summary"
          items={lines}
          bundles={bundles}
          price={price.data}
          codeField={<DiscountCodeField code={code} price={price} signedIn />}
        />
      </div>
    </div>
  );
}
