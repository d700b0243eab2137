import { useId, useRef } from 'react';
import { STALE_CHANGE_MESSAGE, type PendingChange } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { TableScroll } from '@/components/TableScroll';
import { isEmptyList, QueryView } from '@/components/query-view';
import { formatDate } from '@/lib/format';
import { useApproveChange, useRejectChange } from '../api/decideChange';
import { usePendingChanges } from '../api/pendingChanges';
import { focusAfterDecision, type ReasonRequest } from './ReasonDialog';

/**
 * "Pending changes": sellers' edits of approved products, which wait here while the
 * store keeps the live listing; each shows its changed fields old → new, to approve or reject.
 */
export function PendingChangesList({ onAskReason }: { onAskReason: (request: ReasonRequest) => void }) {
  const query = usePendingChanges();
  const headingId = useId();
  return (
    <section className="mt-4" aria-labelledby={headingId}>
      <h2 id={headingId} className="h4">
        Pending changes
      </h2>
      <p className="text-secondary small">
        Edits sellers made to approved products. The store shows the live listing until you approve one.
      </p>
      <QueryView query={query} isEmpty={isEmptyList} loadingLabel="Loading pending changes…" empty={<p>No pending changes.</p>}>
        {(changes) => (
          <ul className="list-unstyled pending-changes">
            {changes.map((change) => (
              <li key={change._id}>
                <PendingChangeCard change={change} onAskReason={onAskReason} />
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </section>
  );
}

function PendingChangeCard({ change, onAskReason }: { change: PendingChange; onAskReason: (request: ReasonRequest) => void }) {
  const titleId = useId();
  const approve = useApproveChange();
  const reject = useRejectChange();
  const approveButton = useRef<HTMLButtonElement>(null);
  const busy = approve.isPending || reject.isPending;
  return (
    <article className="card mb-3" aria-labelledby={titleId}>
      <div className="card-body">
        <h3 id={titleId} className="h5 text-break mb-1">
          {change.title}
        </h3>
        <p className="small text-secondary mb-2">
          By {change.seller.name} · sent {formatDate(change.submittedAt)}
        </p>
        {change.stale && <p className="alert alert-warning py-2 small">{STALE_CHANGE_MESSAGE}</p>}
        <ChangedFields change={change} />
        <div className="moderation-actions mt-2">
          <button
            ref={approveButton}
            type="button"
            className="btn btn-sm btn-success"
            aria-describedby={titleId}
            disabled={busy || change.stale}
            aria-busy={approve.isPending}
            onClick={() =>
              approve.mutate(change._id, {
                onError: () => approveButton.current?.focus(),
                onSuccess: () => focusAfterDecision(approveButton.current!, true),
              })
            }
          >
            Approve changes
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-warning text-body"
            aria-describedby={titleId}
            disabled={busy}
            onClick={(event) => {
              approve.reset();
              const trigger = event.currentTarget;
              onAskReason({
                action: 'Reject changes',
                explanation: 'The change is dropped and the live listing stays as it is. The seller sees the reason and note.',
                productTitle: change.title,
                submit: (decision) => reject.mutateAsync({ id: change._id, decision }),
                afterClose: (decided) => focusAfterDecision(trigger, decided),
              });
            }}
          >
            Reject changes
          </button>
        </div>
        <FormError message={approve.error?.message} className="small mt-2 mb-0" />
      </div>
    </article>
  );
}

/** Old → new, one row per changed field; images side by side. */
function ChangedFields({ change }: { change: PendingChange }) {
  if (change.fields.length === 0 && change.images.length === 0) return <p className="small">Nothing but the same values was sent.</p>;
  return (
    <>
      {change.fields.length > 0 && (
        <TableScroll label={`Changed fields of ${change.title}`}>
          <table className="table table-sm pending-change-table">
            <caption className="visually-hidden">Changed fields of {change.title}</caption>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Now</th>
                <th scope="col">Changed to</th>
              </tr>
            </thead>
            <tbody>
              {change.fields.map((field) => (
                <tr key={field.field}>
                  <th scope="row">{field.label}</th>
                  <td className="pending-change-value">
                    <del>{field.old || '—'}</del>
                  </td>
                  <td className="pending-change-value">
                    <ins>{field.new || '—'}</ins>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {change.images.map((images) => (
        <div key={images.field} className="mb-2">
          <p className="fw-semibold small mb-1">{images.label}</p>
          <div className="d-flex flex-wrap gap-2 align-items-center">
            {images.old.map((url, index) => (
              <img
                key={url}
                src={url}
                alt={`${images.label} now${images.old.length > 1 ? ` ${index + 1}` : ''}`}
                className="pending-change-img"
              />
            ))}
            <span aria-hidden="true">→</span>
            {images.new.map((url, index) => (
              <img
                key={url}
                src={url}
                alt={`${images.label} changed to${images.new.length > 1 ? ` ${index + 1}` : ''}`}
                className="pending-change-img"
              />
            ))}
          </div>
        </div>
      ))}
    </>
  );
}
