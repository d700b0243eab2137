import { useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { discountCodeInputSchema, type CartPrice } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { setDiscountCode } from '../discountCode';

interface DiscountCodeFieldProps {
  /** The code applied in this tab, if any. */
  code: string | null;
  /** The server's price of the cart with it. */
  price: UseQueryResult<CartPrice>;
  signedIn: boolean;
}

/** One discount code for the cart: typed and applied, then shown with the server's word on it and a way to remove it. */
export function DiscountCodeField({ code, price, signedIn }: DiscountCodeFieldProps) {
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);

  if (!signedIn) {
    return (
      <p className="discount-code-note small">
        Have a discount code? <Link to="/Login">Log in</Link> to use it.
      </p>
    );
  }

  if (code !== null) {
    const verdict = price.data?.code;
    const checking = price.isFetching && !verdict;
    return (
      <div className="discount-code-applied">
        <p className="mb-1">
          Code <strong className="discount-code-name">{code}</strong>{' '}
          <button
            type="button"
            className="btn btn-link btn-sm p-0 align-baseline"
            aria-label={`Remove the code ${code}`}
            onClick={() => {
              setDiscountCode(null);
              // Focus stays in the summary: on the field that took the code's place.
              queueMicrotask(() => document.getElementById(`${ids}-code`)?.focus());
            }}
          >
            Remove
          </button>
        </p>
        <output className={`d-block small ${verdict && !verdict.applied ? 'text-danger' : 'text-success'}`} aria-busy={checking}>
          {checking ? 'Checking the code…' : (verdict?.message ?? '')}
        </output>
        <FormError
          message={price.error ? price.error.message || 'The code could not be checked. Please try again.' : null}
          className="small mb-0"
        />
      </div>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = discountCodeInputSchema.safeParse(draft);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Enter a code');
      input.current?.focus();
      return;
    }
    setDraft('');
    setDiscountCode(parsed.data);
  };

  return (
    <form className="discount-code-form" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${ids}-code`} className="form-label small mb-1">
        Discount code
      </label>
      <div className="d-flex gap-2">
        <input
          ref={input}
          id={`${ids}-code`}
          className={`form-control form-control-sm${invalid ? ' is-invalid' : ''}`}
          value={draft}
          maxLength={64}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? `${ids}-error` : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setInvalid(null);
          }}
        />
        <button type="submit" className="btn btn-sm btn-outline-primary">
          Apply
        </button>
      </div>
      <FormError id={`${ids}-error`} message={invalid} className="small mt-1 mb-0" />
    </form>
  );
}
