import { useRef, useState } from 'react';
import { refundRequestBodySchema, refundRequestDeadline, type PurchaseLine } from '@market/contracts';
import { formatDate, formatDateTime, formatDollars } from '@/lib/format';
import { useAskForRefund } from '../api/askForRefund';
import { ReasonForm } from '@/components/ReasonForm';

const requestReasonSchema = refundRequestBodySchema.pick({ reason: true });

interface LineRefundProps {
  purchaseId: string;
  purchasedAt: string;
  line: PurchaseLine;
  /** The page's clock (ms), so the offer to ask goes when the days are over. */
  now: number;
}

/**
 * A bought line's refund, as its buyer sees it: refunded, asked for (and the answer), or — within
 * the first days after the purchase — a way to ask.
 */
export function LineRefund({ purchaseId, purchasedAt, line, now }: LineRefundProps) {
  if (line.refund) {
    return (
      <span className="d-block small fw-normal text-body">
        Refunded {formatDollars(line.refund.amount)} on <time dateTime={line.refund.refundedAt}>{formatDate(line.refund.refundedAt)}</time>
      </span>
    );
  }
  const request = line.refundRequest;
  if (request?.status === 'Pending') {
    return (
      <output className="d-block small fw-normal text-body">
        Refund requested on <time dateTime={request.createdAt}>{formatDate(request.createdAt)}</time>: waiting for an answer
      </output>
    );
  }
  if (request?.status === 'Declined') {
    return (
      <span className="d-block small fw-normal text-body">Refund declined{request.declineReason ? `: ${request.declineReason}` : ''}</span>
    );
  }
  const deadline = refundRequestDeadline(new Date(purchasedAt));
  if (line.licenceStatus !== 'Active' || now > deadline.getTime()) return null;
  return <AskForRefund purchaseId={purchaseId} line={line} deadline={deadline} />;
}

function AskForRefund({ purchaseId, line, deadline }: { purchaseId: string; line: PurchaseLine; deadline: Date }) {
  const [open, setOpen] = useState(false);
  const ask = useAskForRefund();
  const button = useRef<HTMLButtonElement>(null);
  if (open) {
    return (
      <div className="fw-normal mt-2">
        <ReasonForm
          label={`What went wrong with ${line.title}?`}
          explanation={
            line.bundle
              ? `An admin reads your request and answers. ${line.title} came in the bundle “${line.bundle.name}”: a refund gives back the whole bundle and revokes each of its licences.`
              : `An admin reads your request and refunds ${formatDollars(line.price)} or answers why not. A refund revokes the licence.`
          }
          hint="20 to 1,000 characters."
          submitLabel="Send request"
          schema={requestReasonSchema}
          pending={ask.isPending}
          error={ask.error?.message}
          onSubmit={(reason) => ask.mutate({ purchaseId, productId: line.productId, reason })}
          onCancel={() => {
            setOpen(false);
            ask.reset();
            requestAnimationFrame(() => button.current?.focus());
          }}
        />
      </div>
    );
  }
  return (
    <span className="d-block small fw-normal">
      <button ref={button} type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => setOpen(true)}>
        Ask for a refund<span className="visually-hidden"> of {line.title}</span>
      </button>{' '}
      <span className="text-secondary">until {formatDateTime(deadline.toISOString())}</span>
    </span>
  );
}
