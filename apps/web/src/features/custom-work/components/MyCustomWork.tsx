import { useEffect, useRef, useState } from 'react';
import type { ReskinRequest } from '@market/contracts';
import { QueryView } from '@/components/query-view';
import { formatDateTime } from '@/lib/format';
import { useMyCustomWork, useReskinRequests } from '../api/customWork';
import { CustomWorkTable } from './CustomWorkTable';
import { QuoteForm } from './QuoteForm';
import '../panels.css';

const REQUESTS_TITLE_ID = 'reskin-requests-title';
const requestKey = (request: ReskinRequest) => `${request.buyer._id}:${request.product._id}`;

/** /userPanel/custom-work: the orders the user buys or sells (docs/decisions/0013), and the reskin requests a seller may quote. */
export function MyCustomWork() {
  const list = useMyCustomWork();
  return (
    <>
      <p className="custom-work-intro">
        Custom work is a reskin or a port quoted by a product&rsquo;s seller. The buyer pays each milestone into escrow, and the money
        reaches the seller once the buyer accepts the delivery.
      </p>
      <QueryView query={list} loadingLabel="Loading your custom work…" isEmpty={(works) => works.length === 0} empty="No custom work yet">
        {(works) => <CustomWorkTable works={works} viewer="mine" label="Custom work you buy or sell" />}
      </QueryView>
      <ReskinRequests />
    </>
  );
}

/** Buyers who asked for a reskin of the seller's products, each with Send a quote, which opens the quote form below it. */
function ReskinRequests() {
  const requests = useReskinRequests();
  /** The request whose quote form is open, by requestKey. */
  const [open, setOpen] = useState<string | null>(null);
  /** Where focus goes back when the form closes: the Send a quote that opened it. */
  const returnTo = useRef<string | null>(null);

  useEffect(() => {
    if (open || returnTo.current === null) return;
    const target = document.querySelector<HTMLElement>(`[data-request="${CSS.escape(returnTo.current)}"] [data-row-action="quote"]`);
    returnTo.current = null;
    (target ?? document.getElementById(REQUESTS_TITLE_ID))?.focus();
  }, [open]);

  const openForm = (key: string) => {
    returnTo.current = key;
    setOpen(key);
  };

  return (
    <section aria-labelledby={REQUESTS_TITLE_ID} className="mt-4">
      <h2 id={REQUESTS_TITLE_ID} className="h5" tabIndex={-1}>
        Reskin requests on your products
      </h2>
      <QueryView
        query={requests}
        loadingLabel="Loading reskin requests…"
        isEmpty={(list) => list.length === 0}
        empty="Nobody has asked for a reskin of your products yet"
      >
        {(list) => (
          <ul className="reskin-requests" aria-labelledby={REQUESTS_TITLE_ID}>
            {list.map((request) => {
              const key = requestKey(request);
              const headingId = `reskin-request-${key.replace(':', '-')}`;
              return (
                <li key={key} className="reskin-request" data-request={key}>
                  <div className="me-auto">
                    <h3 id={headingId} className="h6 mb-0">
                      {request.buyer.name} <span className="fw-normal">on</span> {request.product.title}
                    </h3>
                    <span className="small text-secondary">
                      Asked <time dateTime={request.askedAt}>{formatDateTime(request.askedAt)}</time>
                    </span>
                  </div>
                  {open === key ? (
                    <div className="w-100">
                      <QuoteForm
                        buyerId={request.buyer._id}
                        productId={request.product._id}
                        buyerName={request.buyer.name}
                        productTitle={request.product.title}
                        onCancel={() => setOpen(null)}
                      />
                    </div>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-sm btn-primary"
                      aria-describedby={headingId}
                      data-row-action="quote"
                      onClick={() => openForm(key)}
                    >
                      Send a quote
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </QueryView>
    </section>
  );
}
