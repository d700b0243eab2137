import { useRef } from 'react';
import type { Withdrawal, WithdrawalStatus } from '@market/contracts';
import { QueryView } from '@/components/query-view';
import { FormError } from '@/components/FormError';
import { TableScroll } from '@/components/TableScroll';
import { useFocusAfterRowLeaves } from '@/components/useFocusAfterRowLeaves';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { showNotice } from '@/components/notice/notices';
import { useMarkWithdrawalPaid } from '../api/markWithdrawalPaid';
import { useWithdrawals } from '../api/withdrawals';
import { formatDate, formatDollars } from '@/lib/format';
import '../money.css';

const EMPTY: Record<WithdrawalStatus, string> = {
  Pending: 'No Pending Withdrawal Request Found',
  Success: 'No Successful Withdrawal',
};

/**
 * /adminPanel/pending-withdrawls-requests and /adminPanel/success-withdrawls-requests. The payout
 * column is the amount after the 8% fee, computed by the server in cents.
 */
export function WithdrawalRequests({ status }: { status: WithdrawalStatus }) {
  const query = useWithdrawals(status);
  const rowFocus = useFocusAfterRowLeaves(query.data?.map((withdrawal) => withdrawal._id) ?? []);
  const caption = status === 'Pending' ? 'Pending withdrawal requests' : 'Paid withdrawals';
  return (
    <>
      <NoticeRegion />
      <QueryView query={query} loadingLabel="Loading withdrawal requests…" isEmpty={(list) => list.length === 0} empty={EMPTY[status]}>
        {(list) => (
          <>
            <TableScroll label={caption} className="money-table">
              <table className="table align-middle">
                <caption className="visually-hidden">{caption}</caption>
                <thead>
                  <tr>
                    <th scope="col">Seller</th>
                    <th scope="col" className="d-none d-md-table-cell">
                      PayPal Email
                    </th>
                    <th scope="col" className="d-none d-sm-table-cell">
                      Requested
                    </th>
                    <th scope="col">Amount</th>
                    <th scope="col">
                      Payout<span className="d-none d-lg-inline"> (after 8% fee)</span>
                    </th>
                    <th scope="col">{status === 'Pending' ? 'Action' : 'Paid'}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((withdrawal) => (
                    <WithdrawalRow key={withdrawal._id} withdrawal={withdrawal} rowFocus={rowFocus} />
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <p className="small text-secondary mt-2 mb-0">Payout is the amount minus the 8% fee: what to send to the PayPal email.</p>
          </>
        )}
      </QueryView>
    </>
  );
}

interface WithdrawalRowProps {
  withdrawal: Withdrawal;
  rowFocus: ReturnType<typeof useFocusAfterRowLeaves>;
}

function WithdrawalRow({ withdrawal, rowFocus }: WithdrawalRowProps) {
  const markPaid = useMarkWithdrawalPaid();
  const button = useRef<HTMLButtonElement>(null);
  const sellerId = `withdrawal-seller-${withdrawal._id}`;
  return (
    <tr data-row-id={withdrawal._id}>
      <th scope="row" className="money-seller text-break">
        <span id={sellerId}>{withdrawal.seller?.name ?? ''}</span>
        <span className="d-none d-sm-block small text-secondary fw-normal">{withdrawal.seller?.email}</span>
        <span className="d-block d-md-none small fw-normal">PayPal: {withdrawal.email}</span>
      </th>
      <td className="d-none d-md-table-cell text-break">{withdrawal.email}</td>
      <td className="d-none d-sm-table-cell">{formatDate(withdrawal.createdAt)}</td>
      <td>{formatDollars(withdrawal.withdrawAmount)}</td>
      <td className="fw-semibold">{formatDollars(withdrawal.payoutAmount)}</td>
      <td>
        {withdrawal.status === 'Pending' ? (
          <>
            <button
              ref={button}
              type="button"
              className="btn btn-sm btn-success"
              aria-describedby={sellerId}
              data-row-action="mark-paid"
              disabled={markPaid.isPending}
              aria-busy={markPaid.isPending}
              // The row leaves the list once paid, so the notice follows the promise, not the row's callbacks;
              // focus moves on to the next request. A refusal keeps the row, and focus comes back to its button.
              onClick={() => {
                rowFocus.willLeave(withdrawal._id, 'mark-paid');
                markPaid
                  .mutateAsync(withdrawal._id)
                  .then(() => showNotice('Withdrawal Successful: Withdrawal status updated'))
                  .catch(() => {
                    rowFocus.stays();
                    requestAnimationFrame(() => button.current?.focus());
                  });
              }}
            >
              Mark paid
            </button>
            <FormError message={markPaid.error?.message} className="small mb-0 mt-1" />
          </>
        ) : (
          formatDate(withdrawal.paidAt)
        )}
      </td>
    </tr>
  );
}
