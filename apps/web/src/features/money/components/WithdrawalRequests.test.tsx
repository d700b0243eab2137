// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fakeFetch, renderAt } from '@/test-utils';
import { WithdrawalRequests } from './WithdrawalRequests';

const pending = {
  _id: 'withdrawal_0001',
  userId: 'user_alice_01',
  email: 'pay@example.com',
  withdrawAmount: 19.99,
  payoutAmount: 18.39,
  status: 'Pending',
  createdAt: '2026-03-01T12:00:00.000Z',
  paidAt: null,
  seller: { _id: 'user_alice_01', name: 'Alice Wonderland', email: 'alice@example.com' },
};

function fakeServer() {
  let list = [pending];
  return fakeFetch((url, init) => {
    if (url === '/api/withdraw/allWithdrawls?status=Pending') return { status: 200, body: list };
    if (url === '/api/withdraw/allWithdrawls?status=Success') return { status: 200, body: [] };
    if (init?.method === 'PUT' && url === `/api/withdraw/updateStatus/${pending._id}`) {
      list = [];
      return {
        status: 200,
        body: {
          title: 'Withdrawal Successful',
          message: 'Withdrawal status updated',
          withdrawal: { ...pending, status: 'Success', paidAt: '2026-03-02T12:00:00.000Z' },
        },
      };
    }
    return { status: 404, body: { message: `unexpected ${url}` } };
  });
}

describe('WithdrawalRequests', () => {
  afterEach(cleanup);

  it('shows the seller, the amount and the payout after the 8% fee, and marks it paid', async () => {
    const calls = fakeServer();
    renderAt(<WithdrawalRequests status="Pending" />);
    const row = within((await screen.findByText('Alice Wonderland')).closest('tr')!);
    expect(row.getByText('$19.99')).toBeTruthy();
    expect(row.getByText('$18.39')).toBeTruthy();

    fireEvent.click(row.getByRole('button', { name: 'Mark paid' }));

    expect(await screen.findByText('No Pending Withdrawal Request Found')).toBeTruthy();
    expect(await screen.findByText('Withdrawal Successful: Withdrawal status updated')).toBeTruthy();
    expect(calls.some((call) => call.init?.method === 'PUT')).toBe(true);
  });

  it("says 'No Successful Withdrawal' when none was paid", async () => {
    fakeServer();
    renderAt(<WithdrawalRequests status="Success" />);
    expect(await screen.findByText('No Successful Withdrawal')).toBeTruthy();
  });
});
