import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatUsd, type CustomWorkSummary } from '@market/contracts';
import { showNotice } from '@/components/notice/notices';
import { formatDayUtc } from '@/lib/format';
import { useAllCustomWork, useMyCustomWork } from '../api/customWork';
import { QuoteForm } from './QuoteForm';
import { orderPath, statusText, STATUS_WORDS } from './statusWords';
import '../panels.css';

interface ChatParties {
  buyerId: string;
  buyerName: string;
  productId: string;
  productTitle: string;
}

/**
 * The admin's chat: the custom work of this buyer on this product, and Send a quote, since the admin
 * mediates the reskin and may quote for the seller (docs/decisions/0013).
 */
export function AdminChatCustomWork({ buyerId, buyerName, productId, productTitle }: ChatParties) {
  const query = useAllCustomWork({ buyerId, productId });
  const [quoting, setQuoting] = useState(false);
  const quoteButton = useRef<HTMLButtonElement>(null);
  /** Set when the form closes, so focus goes back to the button that opened it. */
  const closed = useRef(false);
  const headingId = useId();

  useEffect(() => {
    if (quoting || !closed.current) return;
    closed.current = false;
    quoteButton.current?.focus();
  }, [quoting]);

  const close = () => {
    closed.current = true;
    setQuoting(false);
  };

  return (
    <section className="mb-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="h6 mb-2">
        Custom work with {buyerName}
      </h2>
      {query.isPending ? (
        <p className="small text-secondary mb-2">Loading custom work…</p>
      ) : query.isError ? (
        <ChatLoadError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.length === 0 ? (
        <p className="small text-secondary mb-2">No custom work with this buyer on this product yet.</p>
      ) : (
        <CustomWorkCards works={query.data} label={`Custom work with ${buyerName}`} />
      )}
      {quoting ? (
        <QuoteForm
          buyerId={buyerId}
          productId={productId}
          buyerName={buyerName}
          productTitle={productTitle}
          // The admin stays in the chat: the new order appears among the cards.
          onSent={() => {
            showNotice(`Quote sent to ${buyerName}`);
            close();
          }}
          onCancel={close}
        />
      ) : (
        <button ref={quoteButton} type="button" className="btn btn-sm btn-primary" onClick={() => setQuoting(true)}>
          Send a quote
        </button>
      )}
    </section>
  );
}

/** The user's chat: their custom work on the chat's product; nothing while there is none. */
export function UserChatCustomWork({ productId }: { productId: string }) {
  const query = useMyCustomWork(productId);
  const headingId = useId();
  if (query.isPending || (query.isSuccess && query.data.length === 0)) return null;
  return (
    <section className="mb-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="h6 mb-2">
        Your custom work on this product
      </h2>
      {query.isError ? (
        <ChatLoadError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <CustomWorkCards works={query.data} label="Your custom work on this product" />
      )}
    </section>
  );
}

function ChatLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="small mb-2" role="alert">
      {message}{' '}
      <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

function CustomWorkCards({ works, label }: { works: readonly CustomWorkSummary[]; label: string }) {
  return (
    <ul className="chat-custom-work-cards" aria-label={label}>
      {works.map((work) => {
        const statusId = `chat-custom-work-${work._id}`;
        return (
          <li key={work._id} className="chat-custom-work-card">
            <span id={statusId} className={`badge ${STATUS_WORDS[work.status].badge} text-wrap text-start`}>
              {statusText(work)}
            </span>
            <span className="d-block fw-semibold mt-1">{formatUsd(work.priceCents)}</span>
            <span className="d-block small text-secondary">
              Due <time dateTime={work.dueAt}>{formatDayUtc(work.dueAt)}</time>
            </span>
            <Link className="small" to={orderPath(work._id)} aria-describedby={statusId}>
              Open order
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
