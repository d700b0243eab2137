import { useState } from 'react';
import {
  RECONCILIATION_DIFFERENCE_LABELS,
  RECONCILIATION_NEEDS_STRIPE_MESSAGE,
  type ReconciliationDifference,
  type ReconciliationRun,
  type ReconciliationStatus,
} from '@market/contracts';
import { FormError } from '@/components/FormError';
import { EmptyState, QueryView } from '@/components/query-view';
import { TableScroll } from '@/components/TableScroll';
import { formatCents, formatDateTimeUtc } from '@/lib/format';
import { useReconciliationStatus } from '../api/reconciliationStatus';
import { useRunReconciliation } from '../api/runReconciliation';
import '../reconciliation.css';

/**
 * /adminPanel/reconciliation (docs/decisions/0012, "Reconciliation"): the last comparison of Stripe's
 * balance transactions with the ledger, each difference with what it means, and a run on demand.
 */
export function Reconciliation() {
  const query = useReconciliationStatus();
  return (
    <>
      <p className="text-secondary">
        Once a day, every movement of the platform’s Stripe balance since the last run (charges, refunds, disputes, payout transfers and
        their reversals) is compared with the ledger, to the cent.
      </p>
      <QueryView query={query} loadingLabel="Loading the last reconciliation…">
        {(status) => (status.enabled ? <Reconciled status={status} /> : <EmptyState>{RECONCILIATION_NEEDS_STRIPE_MESSAGE}</EmptyState>)}
      </QueryView>
    </>
  );
}

function Reconciled({ status }: { status: ReconciliationStatus }) {
  const run = useRunReconciliation();
  const [said, setSaid] = useState('');
  const start = () => {
    setSaid('');
    run.mutate(undefined, {
      onSuccess: ({ lastRun }) => {
        const found = lastRun?.differences.length ?? 0;
        setSaid(
          `Compared ${lastRun?.providerTransactions ?? 0} Stripe transactions: ${found === 0 ? 'Stripe and the ledger agree' : `${found} ${found === 1 ? 'difference' : 'differences'}`}.`,
        );
      },
    });
  };
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <button type="button" className="btn btn-primary" onClick={start} disabled={run.isPending} aria-busy={run.isPending}>
          {run.isPending && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          Run now
        </button>
        <output className="small">{said}</output>
      </div>
      <FormError message={run.error?.message} className="mb-3" />
      {status.lastRun ? (
        <LastRun run={status.lastRun} />
      ) : (
        <EmptyState>No run yet: the first runs within a day of the server starting, or run it now.</EmptyState>
      )}
    </>
  );
}

function LastRun({ run }: { run: ReconciliationRun }) {
  return (
    <section aria-labelledby="reconciliation-last-run">
      <h2 id="reconciliation-last-run" className="h5">
        Last run
      </h2>
      <dl className="reconciliation-facts">
        <dt>When</dt>
        <dd>
          <time dateTime={run.finishedAt}>{formatDateTimeUtc(run.finishedAt)}</time>,{' '}
          {run.requestedBy ? `run by ${run.requestedBy.name}` : 'by the daily job'}
        </dd>
        <dt>Period</dt>
        <dd>
          <time dateTime={run.periodStart}>{formatDateTimeUtc(run.periodStart)}</time> to{' '}
          <time dateTime={run.periodEnd}>{formatDateTimeUtc(run.periodEnd)}</time>
        </dd>
        <dt>Stripe transactions checked</dt>
        <dd>{run.providerTransactions}</dd>
      </dl>
      {run.differences.length === 0 ? <EmptyState>Stripe and the ledger agree.</EmptyState> : <Differences differences={run.differences} />}
    </section>
  );
}

function Differences({ differences }: { differences: readonly ReconciliationDifference[] }) {
  const caption = 'Differences between Stripe and the ledger';
  return (
    <>
      <TableScroll label={caption}>
        <table className="table align-middle">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Stripe id</th>
              <th scope="col">Kind</th>
              <th scope="col">Stripe</th>
              <th scope="col">Ledger</th>
              <th scope="col">What it means</th>
            </tr>
          </thead>
          <tbody>
            {differences.map((difference) => (
              <tr key={`${difference.kind}:${difference.providerId}`}>
                <th scope="row" className="reconciliation-id fw-normal">
                  <code>{difference.providerId}</code>
                </th>
                <td>{RECONCILIATION_DIFFERENCE_LABELS[difference.kind]}</td>
                <td>{formatCents(difference.providerCents)}</td>
                <td>{formatCents(difference.ledgerCents)}</td>
                <td className="small">{difference.meaning}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <p className="small text-secondary mt-2 mb-0">
        Amounts are what moved into the platform’s Stripe balance; a minus sign is money that left it.
      </p>
    </>
  );
}
