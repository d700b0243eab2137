import { useState } from 'react';
import { declineRefundBodySchema, type RefundRequest, type RefundRequestStatus } from '@market/contracts';
import { QueryView } from '@/components/query-view';
import { useFocusAfterRowLeaves } from '@/components/useFocusAfterRowLeaves';
import { formatDate, formatDateTime, formatDollars } from '@/lib/format';
import { useDeclineRefundRequest } from '../api/declineRefundRequest';
import { useRefundRequests } from '../api/refundRequests';
import { ReasonForm } from '@/components/ReasonForm';
import { RefundButton } from './RefundButton';
import '../refunds.css';

const FILTERS: ReadonlyArray<{ status: RefundRequestStatus | undefined; label: string; empty: string }> = [
  { status: 'Pending', label: 'Waiting', empty: 'No refund requests are waiting for an answer.' },
  { status: undefined, label: 'All', empty: 'Nobody has asked for a refund yet.' },
];

/** /adminPanel/refund-requests: buyers' requests, answered by a refund or a decline with a reason. */
export function RefundRequests() {
  const [filter, setFilter] = useState(FILTERS[0]!);
  const query = useRefundRequests(filter.status);
  // An answered request leaves the Waiting list: focus moves to the same action of the next one.
  const rowFocus = useFocusAfterRowLeaves(query.data?.map((request) => request._id) ?? []);
  return (
    <>
      <fieldset className="d-flex flex-wrap gap-2 mb-3">
        <legend className="visually-hidden">Show requests</legend>
        {FILTERS.map((candidate) => (
          <button
            key={candidate.label}
            type="button"
            className={`btn btn-sm ${candidate === filter ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={candidate === filter}
            onClick={() => setFilter(candidate)}
          >
            {candidate.label}
          </button>
        ))}
      </fieldset>
      <QueryView
        query={query}
        loadingLabel="Loading refund requests…"
        isEmpty={(requests) => requests.length === 0}
        empty={<p>{filter.empty}</p>}
      >
        {(requests) => (
          <ul className="refund-requests list-unstyled" aria-label="Refund requests">
            {requests.map((request) => (
              <li key={request._id} data-row-id={request._id}>
                <RequestCard request={request} onAnswering={(action) => rowFocus.willLeave(request._id, action)} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </>
  );
}

type Answering = (action: 'refund' | 'decline') => void;

function RequestCard({ request, onAnswering }: { request: RefundRequest; onAnswering: Answering }) {
  const titleId = `refund-request-${request._id}`;
  return (
    <article className="refund-request card" aria-labelledby={titleId}>
      <div className="card-body">
        <h2 id={titleId} className="h6 mb-1">
          {request.title} <span className="fw-normal text-secondary">· {request.licenseType}</span>
        </h2>
        <p className="small text-secondary mb-2">
          {request.buyer.name} ({request.buyer.email}) · paid {formatDollars(request.price)} on {formatDate(request.purchasedAt)} · asked{' '}
          <time dateTime={request.createdAt}>{formatDateTime(request.createdAt)}</time>
        </p>
        <blockquote className="refund-request-reason mb-2">{request.reason}</blockquote>
        {request.status === 'Pending' ? <Answer request={request} onAnswering={onAnswering} /> : <Answered request={request} />}
      </div>
    </article>
  );
}

function Answered({ request }: { request: RefundRequest }) {
  return (
    <p className="small mb-0">
      <span className={`badge ${request.status === 'Refunded' ? 'text-bg-success' : 'text-bg-secondary'}`}>{request.status}</span>
      {request.answeredAt ? <> on {formatDate(request.answeredAt)}</> : null}
      {request.declineReason ? <> · {request.declineReason}</> : null}
    </p>
  );
}

function Answer({ request, onAnswering }: { request: RefundRequest; onAnswering: Answering }) {
  const [declining, setDeclining] = useState(false);
  const decline = useDeclineRefundRequest();
  if (declining) {
    return (
      <ReasonForm
        label={`Why decline the refund of ${request.title}?`}
        explanation="The buyer reads this reason in a notice and a mail; the licence stays active."
        hint="5 to 1,000 characters."
        submitLabel="Decline request"
        schema={declineRefundBodySchema}
        pending={decline.isPending}
        error={decline.error?.message}
        onSubmit={(reason) => {
          onAnswering('decline');
          decline.mutate({ id: request._id, reason });
        }}
        onCancel={() => {
          setDeclining(false);
          decline.reset();
        }}
      />
    );
  }
  return (
    <div className="d-flex flex-wrap gap-2 align-items-start">
      <RefundButton
        purchaseId={request.purchaseId}
        productId={request.productId}
        amount={request.price}
        subject={request.title}
        rowAction="refund"
        onSubmitting={() => onAnswering('refund')}
      />
      <button type="button" className="btn btn-sm btn-outline-secondary" data-row-action="decline" onClick={() => setDeclining(true)}>
        Decline<span className="visually-hidden"> the refund of {request.title}</span>
      </button>
    </div>
  );
}
