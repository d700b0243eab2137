import { useId, useState, type FormEvent } from 'react';
import { loadStripe, type Stripe, type StripeElementChangeEvent } from '@stripe/stripe-js';
import { CardCvcElement, CardExpiryElement, CardNumberElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { CardField } from '@market/contracts';
import { SubmitButton } from '@/components/SubmitButton';
import { CardRefused } from '../paymentErrors';
import type { CardFormProps } from './cardForm';
import { PaymentFailure } from './PaymentFailure';

// Stripe.js loads once per key; this whole file is its own chunk, fetched only at a Stripe checkout.
const stripeByKey = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = stripeByKey.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripeByKey.set(publishableKey, stripe);
  }
  return stripe;
}

const ELEMENT_OPTIONS = { style: { base: { fontSize: '16px', color: '#1b1f3b' } } } as const;

/** Stripe Elements card fields; Stripe.js confirms the card with the intent's client secret. */
export default function StripeCardForm({ publishableKey, ...props }: CardFormProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeFields {...props} />
    </Elements>
  );
}

function StripeFields({ amountLabel, pending, error, onPay, onEdit }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const id = useId();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CardField, string>>>({});

  const onChange = (field: CardField) => (event: StripeElementChangeEvent) => {
    setFieldErrors((current) => ({ ...current, [field]: event.error?.message }));
    if (error) onEdit();
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const card = elements?.getElement(CardNumberElement);
    if (!stripe || !card) return;
    onPay(async (clientSecret) => {
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      if (result.error) throw new CardRefused(result.error.message ?? 'Your card was declined.');
      if (result.paymentIntent.status !== 'succeeded') throw new CardRefused(`The payment is ${result.paymentIntent.status}.`);
    });
  }

  const label = (field: CardField, text: string) => (
    <span className="form-label d-block" id={`${id}-${field}-label`}>
      {text}
    </span>
  );
  const fieldError = (field: CardField) =>
    fieldErrors[field] ? (
      <p className="invalid-feedback d-block mb-0" role="alert">
        {fieldErrors[field]}
      </p>
    ) : null;

  return (
    <form onSubmit={handleSubmit} aria-label="Card payment">
      <div className="mb-3">
        {label('number', 'Card number')}
        <CardNumberElement className="form-control stripe-field" options={ELEMENT_OPTIONS} onChange={onChange('number')} />
        {fieldError('number')}
      </div>
      <div className="row g-3 mb-3">
        <div className="col-6">
          {label('expiry', 'Expiry (MM/YY)')}
          <CardExpiryElement className="form-control stripe-field" options={ELEMENT_OPTIONS} onChange={onChange('expiry')} />
          {fieldError('expiry')}
        </div>
        <div className="col-6">
          {label('cvc', 'CVC')}
          <CardCvcElement className="form-control stripe-field" options={ELEMENT_OPTIONS} onChange={onChange('cvc')} />
          {fieldError('cvc')}
        </div>
      </div>
      <SubmitButton pending={pending || !stripe} className="w-100">
        Pay {amountLabel}
      </SubmitButton>
      <PaymentFailure error={error} />
    </form>
  );
}
