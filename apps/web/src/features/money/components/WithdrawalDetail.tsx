import { useId, useState, type FormEvent } from 'react';
import { useRevealFirstError } from '@/components/revealFirstError';
import { INSUFFICIENT_BALANCE } from '@market/contracts';
import { QueryView } from '@/components/query-view';
import { FormError } from '@/components/FormError';
import { NoticeRegion } from '@/components/notice/NoticeRegion';
import { showNotice } from '@/components/notice/notices';
import { SubmitButton } from '@/components/SubmitButton';
import { TableScroll } from '@/components/TableScroll';
import { ApiError } from '@/lib/api';
import { useEarnings } from '../api/earnings';
import { useRequestWithdrawal } from '../api/requestWithdrawal';
import { useWithdrawals } from '../api/withdrawals';
import { formatDate, formatDollars } from '@/lib/format';
import { WithdrawalStatusBadge } from './WithdrawalStatusBadge';
import '../money.css';

/** /userPanel/withdrawl-detail: the PayPal withdrawal form and the status of every request. */
export function WithdrawalDetail() {
  return (
    <>
      <NoticeRegion />
      <WithdrawalForm />
      <h2 className="money-subtitle">Withdrawal Status</h2>
      <MyWithdrawals />
    </>
  );
}

function WithdrawalForm() {
  const ids = useId();
  const earnings = useEarnings();
  const withdraw = useRequestWithdrawal();
  const { formRef } = useRevealFirstError(withdraw.error);
  const [email, setEmail] = useState('');
  const [amount, setAmount] = useState('');
  // A message about the last attempt no longer applies once the form changes (even if the browser then blocks the next submit).
  const edit = (setter: (value: string) => void) => (value: string) => {
    if (withdraw.error) withdraw.reset();
    setter(value);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    withdraw.mutate(
      { email, withdrawAmount: amount },
      {
        onSuccess: (result) => {
          setAmount('');
          showNotice(`${result.title}: ${result.message}`);
        },
      },
    );
  };

  // docs/product-spec.md §5: 'Insufficient Balance' comes with its explanation; other server messages as sent.
  const error =
    withdraw.error?.message === INSUFFICIENT_BALANCE.message
      ? `${INSUFFICIENT_BALANCE.message}: ${INSUFFICIENT_BALANCE.detail}`
      : withdraw.error?.message;
  // A payout hold (409, docs/decisions/0012 "Holds") refuses any request: no field is wrong.
  const held = withdraw.error instanceof ApiError && withdraw.error.status === 409;
  const errorField = error && !held ? fieldOfError(withdraw.error) : null;
  const errorId = `${ids}-error`;
  const describedBy = (field: 'email' | 'withdrawAmount') =>
    errorField === field ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  return (
    <form ref={formRef} className="money-form" onSubmit={onSubmit} aria-describedby={`${ids}-balance`}>
      <p id={`${ids}-balance`} className="money-balance">
        Available balance:{' '}
        <strong>{earnings.data ? formatDollars(earnings.data.availableBalance) : earnings.isError ? 'unavailable' : '…'}</strong>
        <span className="d-block small text-secondary">An 8% fee is taken when the withdrawal is paid out to PayPal.</span>
      </p>
      <div className="mb-3">
        <label htmlFor={`${ids}-email`} className="form-label">
          PayPal Email <span aria-hidden="true">*</span>
        </label>
        <input
          id={`${ids}-email`}
          type="email"
          className="form-control"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => edit(setEmail)(event.target.value)}
          {...describedBy('email')}
        />
      </div>
      <div className="mb-3">
        <label htmlFor={`${ids}-amount`} className="form-label">
          Withdraw Amount (USD) <span aria-hidden="true">*</span>
        </label>
        <input
          id={`${ids}-amount`}
          type="number"
          inputMode="decimal"
          min="0.01"
          step="any"
          className="form-control"
          required
          value={amount}
          onChange={(event) => edit(setAmount)(event.target.value)}
          {...describedBy('withdrawAmount')}
        />
      </div>
      <SubmitButton pending={withdraw.isPending}>Withdraw</SubmitButton>
      <FormError id={errorId} message={error} className="mt-3 mb-0" />
    </form>
  );
}

/** Which field a refusal concerns: the one the server named, else the amount (the balance is about the amount). */
function fieldOfError(error: Error | null): 'email' | 'withdrawAmount' {
  const named =
    error instanceof ApiError ? (error.body as { errors?: Array<{ field?: unknown }> } | undefined)?.errors?.[0]?.field : undefined;
  return named === 'email' ? 'email' : 'withdrawAmount';
}

function MyWithdrawals() {
  const query = useWithdrawals();
  return (
    <QueryView
      query={query}
      loadingLabel="Loading your withdrawals…"
      isEmpty={(list) => list.length === 0}
      empty="No Withdrawal Performed Yet"
    >
      {(list) => (
        <TableScroll label="Your withdrawal requests" className="money-table">
          <table className="table align-middle">
            <caption className="visually-hidden">Your withdrawal requests</caption>
            <thead>
              <tr>
                <th scope="col">Requested</th>
                <th scope="col" className="d-none d-md-table-cell">
                  PayPal Email
                </th>
                <th scope="col">Amount</th>
                <th scope="col">Status</th>
                <th scope="col" className="d-none d-sm-table-cell">
                  Paid
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((withdrawal) => (
                <tr key={withdrawal._id}>
                  <td>{formatDate(withdrawal.createdAt)}</td>
                  <td className="d-none d-md-table-cell text-break">{withdrawal.email}</td>
                  <td>{formatDollars(withdrawal.withdrawAmount)}</td>
                  <td>
                    <WithdrawalStatusBadge status={withdrawal.status} />
                  </td>
                  <td className="d-none d-sm-table-cell">{formatDate(withdrawal.paidAt) || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </QueryView>
  );
}
