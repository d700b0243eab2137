import { CardFieldProblem, paymentFailureMessage } from '../paymentErrors';

/** SPEC.md 8 payment alert, in the page (never window.alert); field problems show at their field instead. */
export function PaymentFailure({ error }: { error: unknown }) {
  if (!error || error instanceof CardFieldProblem) return null;
  return (
    <div className="alert alert-danger mt-3 mb-0" role="alert">
      {paymentFailureMessage(error)}
    </div>
  );
}
