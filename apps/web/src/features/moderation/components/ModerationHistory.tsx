import { useId } from 'react';
import { MODERATION_ACTION_LABELS } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { formatDate } from '@/lib/format';
import { useModerationLog } from '../api/moderationLog';

/** The admin's audit list of a product: who approved, rejected or asked for changes, when and why. */
export function ModerationHistory({ productId }: { productId: string }) {
  const headingId = useId();
  const query = useModerationLog(productId);
  return (
    <section className="mt-3" aria-labelledby={headingId}>
      <h3 id={headingId} className="h6">
        Moderation history
      </h3>
      {query.isPending && <output className="d-block small text-secondary">Loading the history…</output>}
      {query.isError && <FormError message={query.error.message} />}
      {query.isSuccess && query.data.length === 0 && <p className="small mb-0">No decisions yet.</p>}
      {query.isSuccess && query.data.length > 0 && (
        <ol className="list-unstyled small mb-0">
          {query.data.map((entry) => (
            <li key={entry._id} className="border-bottom py-1">
              <span className="fw-semibold">{MODERATION_ACTION_LABELS[entry.action]}</span> by {entry.by.name} on{' '}
              {formatDate(entry.decidedAt)}
              {entry.reason && <span className="d-block">Reason: {entry.reason}</span>}
              {entry.note && <span className="d-block text-break moderation-reason">Note: {entry.note}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
