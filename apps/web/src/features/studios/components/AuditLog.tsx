import { TableScroll } from '@/components/TableScroll';
import { PageSpinner } from '@/components/PageSpinner';
import { ErrorState } from '@/components/query-view';
import { formatDateTime } from '@/lib/format';
import { useAudit } from '../api/audit';

/** The studio's audit log: who changed what, newest first. */
export function AuditLog() {
  const audit = useAudit();
  return (
    <section className="mt-4" aria-labelledby="studio-audit-title">
      <h2 id="studio-audit-title" className="h5">
        Audit log
      </h2>
      {audit.isPending ? (
        <PageSpinner label="Loading the audit log…" />
      ) : audit.isError ? (
        <ErrorState error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <>
          <TableScroll label="Audit log" busy={audit.isFetchingNextPage}>
            <table className="table align-middle studio-table" aria-labelledby="studio-audit-title">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Member</th>
                  <th scope="col">Action</th>
                  <th scope="col">About</th>
                </tr>
              </thead>
              <tbody>
                {audit.data.pages
                  .flatMap((page) => page.entries)
                  .map((entry) => (
                    <tr key={entry.id}>
                      <td>{formatDateTime(entry.createdAt)}</td>
                      <td>{entry.memberName}</td>
                      <td>{entry.action}</td>
                      <td className="studio-target">{entry.target ?? '—'}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </TableScroll>
          {audit.hasNextPage && (
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              disabled={audit.isFetchingNextPage}
              onClick={() => void audit.fetchNextPage()}
            >
              Older entries
            </button>
          )}
        </>
      )}
    </section>
  );
}
