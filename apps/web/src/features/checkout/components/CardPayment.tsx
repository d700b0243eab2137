import { lazy, Suspense, type ReactNode } from 'react';
import { LockIcon } from '@/components/icons';
import { PageSpinner } from '@/components/PageSpinner';
import { usePaymentConfig } from '../api/paymentConfig';
import type { ConfirmCard } from '../usePayForCart';
import { SimulatedCardForm } from './SimulatedCardForm';

// Stripe.js and Elements stay out of every other page.
const StripeCardForm = lazy(() => import('./StripeCardForm'));

interface CardPaymentProps {
  /** The total on the Pay button, e.g. '$68.99'. */
  amountLabel: string;
  /** The checkout's payment (usePayForCart, usePayForUpgrade): Pay runs it, editing a field clears its error. */
  payment: { isPending: boolean; error: unknown; mutate: (confirmCard: ConfirmCard) => void; reset: () => void };
  /** What is owed is still being worked out: a spinner in place of the form. */
  preparing?: boolean;
  /** Why nothing can be paid now, said in place of the form. */
  blocked?: ReactNode;
}

/**
 * The checkout's "Card details" panel (docs/product-spec.md §2.6): the card form of the provider this
 * server takes payments through (Stripe's, or the simulated one), then 'Secure Payment'.
 */
export function CardPayment({ amountLabel, payment, preparing = false, blocked }: CardPaymentProps) {
  const config = usePaymentConfig();
  const formProps = { amountLabel, pending: payment.isPending, error: payment.error, onPay: payment.mutate, onEdit: payment.reset };
  let form;
  if (config.isPending || preparing) {
    form = <PageSpinner label="Preparing the payment form…" />;
  } else if (config.isError) {
    form = (
      <div className="alert alert-danger" role="alert">
        The payment form could not be loaded. Please try again.
      </div>
    );
  } else if (blocked) {
    form = blocked;
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
    <section className="checkout-card" aria-labelledby="payment-title">
      <h2 className="cart-summary-title" id="payment-title">
        Card details
      </h2>
      {form}
      <p className="secure-payment">
        <LockIcon size={16} className="secure-payment-icon" /> Secure Payment
      </p>
    </section>
  );
}
