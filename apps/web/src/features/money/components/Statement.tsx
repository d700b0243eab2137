import { useState, type ReactNode } from 'react';
import { STATEMENT_KIND_LABELS, STATEMENT_PAGE_SIZE } from '@market/contracts';
import { Pagination } from '@/components/Pagination';
import { EmptyState, QueryView } from '@/components/query-view';
import { TableScroll } from '@/components/TableScroll';
import { formatCents, formatDateTime } from '@/lib/format';
import { statementCsvUrl, useStatement } from '../api/statement';
import '../money.css';

/** An amount with its sign spelled out: money in reads "+$49.99", money out "-$30.01". */
const signed = (cents: number) => (cents > 0 ? `+${formatCents(cents)}` : formatCents(cents));

/**
 * /userPanel/statement: the seller's account entry by entry, newest first, with the balance after
 * each; the newest balance is the dashboard's available balance (docs/decisions/0008). With
 * `sellerId`, an admin's view of that seller's (/adminPanel/sellers/{id}/statement): the seller's
 * name and balance first, then `children` (what else the admin reads about the seller, such as
 * their payout holds), then the entries under a heading of their own, none or many.
 */
export function Statement({ sellerId, children }: { sellerId?: string; children?: ReactNode }) {
  const [page, setPage] = useState(1);
  const query = useStatement(sellerId, page);
  return (
    <QueryView
      query={query}
      loadingLabel={sellerId ? 'Loading the seller’s statement…' : 'Loading your statement…'}
      // The admin's view always names the seller, entries or not.
      isEmpty={sellerId ? undefined : (statement) => statement.total === 0}
      empty="Nothing on your account yet. Sales, refunds and withdrawals appear here as they happen."
    >
      {(statement) => (
        <>
          {sellerId && <h2 className="h4">Statement of {statement.holder.name}</h2>}
          <div className="money-statement-head">
            <p className="mb-0">
              Balance now: <strong>{formatCents(statement.balanceCents)}</strong>
            </p>
            <a className="btn btn-sm btn-outline-primary" href={statementCsvUrl(sellerId)} download>
              Download CSV
            </a>
          </div>
          {sellerId && (
            <>
              {children}
              <h3 className="h5">Account entries</h3>
            </>
          )}
          {statement.total === 0 ? (
            <EmptyState>Nothing on this seller’s account yet.</EmptyState>
          ) : (
            <TableScroll label="Your statement" className="money-table" busy={query.isFetching}>
              <table className="table align-middle">
                <caption className="visually-hidden">Your statement, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">What happened</th>
                    <th scope="col">Product</th>
                    <th scope="col" className="text-end">
                      Amount
                    </th>
                    <th scope="col" className="text-end">
                      Balance
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {statement.entries.map((entry, index) => (
                    <tr key={`${entry.at}-${index}`}>
                      <td>{formatDateTime(entry.at)}</td>
                      <th scope="row">{STATEMENT_KIND_LABELS[entry.kind]}</th>
                      <td className="text-break">
                        {entry.title ?? '—'}
                        {entry.discountCents !== null && entry.discountCents > 0 && entry.listCents !== null && (
                          <span className="d-block small text-secondary">
                            List {formatCents(entry.listCents)}, discount −{formatCents(entry.discountCents)}
                          </span>
                        )}
                      </td>
                      <td className={`text-end ${entry.amountCents < 0 ? 'text-danger' : 'text-success'}`}>{signed(entry.amountCents)}</td>
                      <td className="text-end">{formatCents(entry.balanceCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
          <Pagination page={page} pageSize={STATEMENT_PAGE_SIZE} total={statement.total} label="Your statement" onPage={setPage} />
        </>
      )}
    </QueryView>
  );
}
