import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'react-router';

import { PageSpinner } from '@/components/PageSpinner';
import { useSession, useSignupFirst } from '@/features/auth';
import { useCartItems } from '@/features/cart';
import { useCheckedCart } from '../api/lineAvailability';
import { usePaymentConfig } from '../api/paymentConfig';
import { usePayForCart } from '../usePayForCart';
import { CartSummary, summaryCents } from './CartSummary';
import { DiscountCodeField } from './DiscountCodeField';
import { useCartPrice } from '../api/cartPrice';
import { useDiscountCode } from '../discountCode';
import { toCheckoutLine } from '../usePayForCart';
import { SimulatedCardForm } from './SimulatedCardForm';
import { LockIcon } from '@/components/icons';
import '../checkout.css';
import { formatCents } from '@/lib/format';

// Stripe.js and Elements stay out of every other page.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

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
  const config = usePaymentConfig();
  const lines = cart.lines.map((line) => line.item);
  const code = useDiscountCode();
  const price = useCartPrice(cart.payable ? lines.map(toCheckoutLine) : [], code);
  // Only a code the server applies goes with the payment; one that no longer applies is shown with its reason.
  const payment = usePayForCart(lines, price.data?.code?.applied ? code : null);

  // After paying the cart is cleared on the way to the success page: no empty-cart flash.
  if (items.length === 0 && !payment.isSuccess) {
    return (
      <div className="cart-empty">
        <p className="cart-empty-text">No Products In Cart</p>
        <Link to="/browse-game" className="btn btn-primary">
          Continue Shopping
        </Link>
      </div>
    );
  }

  const amountLabel = formatCents(summaryCents(lines, price.data).total);
  const formProps = { amountLabel, pending: payment.isPending, error: payment.error, onPay: payment.mutate, onEdit: payment.reset };
  let form;
  if (config.isPending || cart.lines.some((line) => line.state === 'checking') || price.isLoading) {
    form = <PageSpinner label="Preparing the payment form…" />;
  } else if (config.isError) {
    form = (
      <div className="alert alert-danger" role="alert">
        The payment form could not be loaded. Please try again.
      </div>
    );
  } else if (!cart.payable) {
    form = (
      <div className="alert alert-warning" role="alert">
        Some products in your cart can no longer be bought. <Link to="/cart-products">Review your cart</Link>
      </div>
    );
  } else if (config.data.provider === 'stripe' && config.data.publishableKey) {
    form = (
      <Suspense fallback={<PageSpinner label="Loading the secure card form…" />}>
        <StripeCardForm publishableKey={config.data.publishableKey} {...formProps} />
      </Suspense>
    );
  } else {
    form = <SimulatedCardForm {...formProps} />;
  }

  return (
    <div className="row g-4">
      <div className="col-12 col-lg-7">
        <section className="checkout-card" aria-labelledby="payment-title">
          <h2 className="cart-summary-title" id="payment-title">
            Card details
          </h2>
          {form}
          <p className="secure-payment">
            <LockIcon size={16} className="secure-payment-icon" /> Secure Payment
          </p>
        </section>
      </div>
      <div className="col-12 col-lg-5">
        <CartSummary
          title="Order Summary"
          items={lines}
          price={price.data}
          codeField={<DiscountCodeField code={code} price={price} signedIn />}
        />
      </div>
    </div>
  );
}
