import { useId, useRef, useState, type FormEvent } from 'react';
import { findCardFieldError, type CardField } from '@market/contracts';
import { SubmitButton } from '@/components/SubmitButton';
import { confirmSimulatedCard } from '../api/confirmSimulatedCard';
import { parseExpiry } from '../cardExpiry';
import { CardFieldProblem } from '../paymentErrors';
import type { CardFormProps } from './cardForm';
import { PaymentFailure } from './PaymentFailure';

type FieldErrors = Partial<Record<CardField, string>>;

/**
 * The embedded provider's card form: our own labelled fields, checked here first with the same
 * rules the server applies, then confirmed by the server.
 */
export function SimulatedCardForm({ amountLabel, pending, error, onPay, onEdit }: CardFormProps) {
  const id = useId();
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});
  const serverError = error instanceof CardFieldProblem ? { [error.field]: error.message } : {};
  const errors: FieldErrors = { ...serverError, ...localErrors };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const number = String(form.get('number') ?? '');
    const cvc = String(form.get('cvc') ?? '').trim();
    const { expMonth, expYear } = parseExpiry(String(form.get('expiry') ?? ''));
    const problem = findCardFieldError({ number, expMonth, expYear, cvc }, new Date());
    if (problem) {
      setLocalErrors({ [problem.field]: problem.message });
      inputs.current[problem.field]?.focus();
      return;
    }
    setLocalErrors({});
    onPay(async (clientSecret) => {
      await confirmSimulatedCard({ clientSecret, number, expMonth, expYear, cvc });
    });
  }

  const field = (name: CardField) => ({
    id: `${id}-${name}`,
    name,
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    className: `form-control${errors[name] ? ' is-invalid' : ''}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    onInput: () => {
      setLocalErrors((current) => ({ ...current, [name]: undefined }));
      if (error) onEdit();
    },
    required: true,
  });
  const fieldError = (name: CardField) =>
    errors[name] ? (
      <p className="invalid-feedback d-block mb-0" id={`${id}-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  return (
    <form onSubmit={handleSubmit} aria-label="Card payment" noValidate>
      <div className="mb-3">
        <label className="form-label" htmlFor={`${id}-number`}>
          Card number
        </label>
        <input {...field('number')} inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234" maxLength={23} />
        {fieldError('number')}
      </div>
      <div className="row g-3 mb-3">
        <div className="col-6">
          <label className="form-label" htmlFor={`${id}-expiry`}>
            Expiry (MM/YY)
          </label>
          <input {...field('expiry')} inputMode="numeric" autoComplete="cc-exp" placeholder="MM/YY" maxLength={7} />
          {fieldError('expiry')}
        </div>
        <div className="col-6">
          <label className="form-label" htmlFor={`${id}-cvc`}>
            CVC
          </label>
          <input {...field('cvc')} inputMode="numeric" autoComplete="cc-csc" placeholder="CVC" maxLength={4} />
          {fieldError('cvc')}
        </div>
      </div>
      <SubmitButton pending={pending} className="w-100">
        Pay {amountLabel}
      </SubmitButton>
      <PaymentFailure error={error} />
    </form>
  );
}
