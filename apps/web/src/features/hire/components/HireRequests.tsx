import { useState } from 'react';
import type { HireRequest } from '@market/contracts';
import { isEmptyList, QueryView } from '@/components/query-view';
import { DetailsDialog } from '@/components/DetailsDialog';
import { PageSpinner } from '@/components/PageSpinner';
import { TableScroll } from '@/components/TableScroll';
import { formatDateTime } from '@/lib/format';
import { useHireRequestById } from '../api/hireRequestById';
import { useHireRequests } from '../api/hireRequests';

/** The admin's list of hire requests, newest first; one opens in a dialog with its requirements. */
export function HireRequests() {
  const query = useHireRequests();
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <>
      <QueryView query={query} isEmpty={isEmptyList} empty="No hire requests yet" loading={<PageSpinner label="Loading hire requests…" />}>
        {(requests) => <HireRequestsTable requests={requests} onOpen={setOpenId} />}
      </QueryView>
      <HireRequestDialog requestId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

function HireRequestsTable({ requests, onOpen }: { requests: HireRequest[]; onOpen: (id: string) => void }) {
  return (
    <TableScroll label="Hire requests, newest first">
      <table className="table align-middle">
        <caption className="visually-hidden">Hire requests, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col" className="d-none d-md-table-cell">
              Email
            </th>
            <th scope="col" className="d-none d-sm-table-cell">
              Company
            </th>
            <th scope="col">Platform</th>
            <th scope="col" className="d-none d-lg-table-cell">
              Sent
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {requests.map((request) => (
            <tr key={request._id}>
              <th scope="row" className="text-break" id={`hire-${request._id}`}>
                {request.name}
              </th>
              <td className="d-none d-md-table-cell text-break">{request.email}</td>
              <td className="d-none d-sm-table-cell text-break">{request.companyName}</td>
              <td>{request.platform}</td>
              <td className="d-none d-lg-table-cell text-nowrap">{formatDateTime(request.createdAt)}</td>
              <td>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary"
                  aria-describedby={`hire-${request._id}`}
                  onClick={() => onOpen(request._id)}
                >
                  Open
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function HireRequestDialog({ requestId, onClose }: { requestId: string | null; onClose: () => void }) {
  return (
    <DetailsDialog show={requestId !== null} title="Hire Request" onClose={onClose}>
      {requestId !== null && <HireRequestDetails requestId={requestId} />}
    </DetailsDialog>
  );
}

function HireRequestDetails({ requestId }: { requestId: string }) {
  const query = useHireRequestById(requestId);
  return (
    <QueryView query={query} loading={<PageSpinner label="Loading hire request…" />}>
      {(request) => (
        <>
          <dl className="row mb-3">
            {(
              [
                ['Name', request.name],
                [
                  'Email',
                  <a key="email" href={`mailto:${request.email}`}>
                    {request.email}
                  </a>,
                ],
                ['Company Name', request.companyName],
                ['Platform', request.platform],
                ['Sent', formatDateTime(request.createdAt)],
              ] as const
            ).map(([label, value]) => (
              <div className="col-12 d-sm-flex py-1 border-bottom" key={label}>
                <dt className="col-sm-4 fw-semibold">{label}</dt>
                <dd className="col-sm-8 mb-0 text-break">{value}</dd>
              </div>
            ))}
          </dl>
          <h3 className="h6">Requirements</h3>
          {/* Sanitised on the server before it was stored (DESIGN.md trust rules). */}
          <div className="rich-text text-break" dangerouslySetInnerHTML={{ __html: request.requirenments }} />
        </>
      )}
    </QueryView>
  );
}
