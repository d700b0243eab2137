import { useEffect, useRef, useState } from 'react';
import { refundBodySchema } from '@market/contracts';
import { formatDollars } from '@/lib/format';
import { useRefund } from '../api/refund';
import { ReasonForm } from '@/components/ReasonForm';

const refundReasonSchema = refundBodySchema.pick({ reason: true });

interface RefundButtonProps {
  purchaseId: string;
  /** The line to refund; without it, every line of the purchase not yet refunded. */
  productId?: string;
  /** USD given back. */
  amount: number;
  /** What the button names, for screen readers: the product's title or the purchase. */
  subject: string;
  buttonLabel?: string;
  /** Shown instead of the button when there is nothing left to refund (e.g. "Refunded Mar 3, 2026"). */
  done?: string | null;
  /** Marks the button for useFocusAfterRowLeaves, and hears when the refund is sent. */
  rowAction?: string;
  onSubmitting?: () => void;
}

/** An admin's Refund: asks why, refunds through the provider, and says what happened where the button was. */
export function RefundButton({
  purchaseId,
  productId,
  amount,
  subject,
  buttonLabel = 'Refund',
  done = null,
  rowAction,
  onSubmitting,
}: RefundButtonProps) {
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<string | null>(null);
  const refund = useRefund();
  const button = useRef<HTMLButtonElement>(null);
  const said = useRef<HTMLOutputElement>(null);
  // The form is gone once the refund is made: its outcome takes the focus, and is read out.
  useEffect(() => {
    if (outcome) said.current?.focus();
  }, [outcome]);

  if (outcome) {
    return (
      <output ref={said} tabIndex={-1} className="d-block small text-success">
        {outcome}
      </output>
    );
  }
  if (done) return <span className="badge text-bg-secondary">{done}</span>;
  if (open) {
    return (
      <ReasonForm
        label={`Reason for refunding ${subject}`}
        explanation={`${formatDollars(amount)} goes back to the buyer's card, the licence is revoked at once, and the seller's earnings lose it. The buyer is told why.`}
        hint="5 to 1,000 characters."
        submitLabel={`Refund ${formatDollars(amount)}`}
        schema={refundReasonSchema}
        pending={refund.isPending}
        error={refund.error?.message}
        danger
        onSubmit={(reason) => {
          onSubmitting?.();
          refund.mutate({ purchaseId, ...(productId ? { productId } : {}), reason }, { onSuccess: (result) => setOutcome(result.message) });
        }}
        onCancel={() => {
          setOpen(false);
          refund.reset();
          // The form is gone: the button it came from takes the focus back.
          requestAnimationFrame(() => button.current?.focus());
        }}
      />
    );
  }
  return (
    <button ref={button} type="button" className="btn btn-sm btn-outline-danger" data-row-action={rowAction} onClick={() => setOpen(true)}>
      {buttonLabel}
      <span className="visually-hidden"> {subject}</span>
    </button>
  );
}
