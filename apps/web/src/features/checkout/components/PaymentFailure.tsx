import { useEffect, useRef } from 'react';
import { CardFieldProblem, paymentFailureMessage } from '../paymentErrors';

/**
 * docs/product-spec.md §8 payment alert, in the page (never window.alert); field problems show at their field instead.
 * Focus moves to it, so a keyboard or screen reader user is not left on the Pay button that was busy.
 */
export function PaymentFailure({ error }: { error: unknown }) {
  const alert = useRef<HTMLDivElement>(null);
  const shown = Boolean(error) && !(error instanceof CardFieldProblem);
  // Each new refusal takes the focus again, the same message twice included.
  useEffect(() => {
    if (error && !(error instanceof CardFieldProblem)) alert.current?.focus();
  }, [error]);
  if (!shown) return null;
  return (
    <div className="alert alert-danger mt-3 mb-0" role="alert" tabIndex={-1} ref={alert}>
      {paymentFailureMessage(error)}
    </div>
  );
}
