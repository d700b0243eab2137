// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, renderAt } from '@/test-utils';
import { WithdrawalDetail } from './WithdrawalDetail';

const EARNINGS = { totalEarnings: 100, dashboardTotal: 100, pendingWithdrawals: 0, withdrawn: 0, availableBalance: 100, refunded: 0 };

/** A server with $100 available that refuses more than that, as the real one does. */
function fakeServer() {
  const withdrawals: unknown[] = [];
  return fakeFetch((url, init) => {
    if (url === '/api/user/earnings') return { status: 200, body: EARNINGS };
    if (url === '/api/withdraw/allWithdrawls') return { status: 200, body: withdrawals };
    if (url === '/api/withdraw/withdrawDetil') {
      const body = JSON.parse(String(init?.body)) as { email: string; withdrawAmount: string };
      if (Number(body.withdrawAmount) > 100) {
        return {
          status: 400,
          body: {
            message: 'Insufficient Balance',
            detail: 'You do not have enough balance to withdraw this amount.',
            availableBalance: 100,
          },
        };
      }
      const withdrawal = {
        _id: 'withdrawal_0001',
        userId: 'user_alice_01',
        email: body.email,
        withdrawAmount: Number(body.withdrawAmount),
        payoutAmount: 36.8,
        status: 'Pending',
        createdAt: '2026-03-01T12:00:00.000Z',
        paidAt: null,
      };
      withdrawals.push(withdrawal);
      return { status: 201, body: { title: 'Withdrawl Successfull', message: 'Withdrawl request has been send successfully', withdrawal } };
    }
    return { status: 404, body: { message: `unexpected ${url}` } };
  });
}

function fillAndSubmit(amount: string) {
  fireEvent.change(screen.getByLabelText(/PayPal Email/), { target: { value: 'pay@example.com' } });
  fireEvent.change(screen.getByLabelText(/Withdraw Amount/), { target: { value: amount } });
  fireEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
}

describe('WithdrawalDetail', () => {
  afterEach(cleanup);

  it("shows the balance and 'No Withdrawal Performed Yet' before any request", async () => {
    fakeServer();
    renderAt(<WithdrawalDetail />);
    expect(await screen.findByText('No Withdrawal Performed Yet')).toBeTruthy();
    expect(await screen.findByText('$100.00')).toBeTruthy();
  });

  it("ties 'Insufficient Balance' to the amount, and clears it as soon as the form changes", async () => {
    fakeServer();
    renderAt(<WithdrawalDetail />);
    await screen.findByText('No Withdrawal Performed Yet');

    fillAndSubmit('150');
    const alert = await screen.findByRole('alert');
    const amount = screen.getByLabelText(/Withdraw Amount/);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toBe(alert.id);

    fireEvent.change(amount, { target: { value: '' } });

    expect(screen.queryByRole('alert')).toBeNull();
    expect(amount.getAttribute('aria-invalid')).toBeNull();
  });

  it("shows 'Insufficient Balance' in red under the form, then clears it when a request succeeds", async () => {
    const calls = fakeServer();
    renderAt(<WithdrawalDetail />);
    await screen.findByText('No Withdrawal Performed Yet');

    fillAndSubmit('150');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Insufficient Balance: You do not have enough balance to withdraw this amount.');
    expect(alert.className).toContain('text-danger');

    fillAndSubmit('40');
    expect(await screen.findByText('Withdrawl Successfull: Withdrawl request has been send successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/Insufficient Balance/)).toBeNull());
    expect(await screen.findByText('$40.00')).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    const sent = calls.filter((call) => call.url === '/api/withdraw/withdrawDetil').map((call) => JSON.parse(String(call.init?.body)));
    expect(sent.at(-1)).toEqual({ email: 'pay@example.com', withdrawAmount: '40' });
  });

  it('shows a payout hold’s refusal under the form without marking a field', async () => {
    const message = 'Your payouts are on hold (Identity check) until 2026-12-04: Upload a photo of your passport.';
    fakeFetch((url) => {
      if (url === '/api/user/earnings') return { status: 200, body: EARNINGS };
      if (url === '/api/withdraw/allWithdrawls') return { status: 200, body: [] };
      if (url === '/api/withdraw/withdrawDetil') return { status: 409, body: { message } };
      return { status: 404, body: { message: `unexpected ${url}` } };
    });
    renderAt(<WithdrawalDetail />);
    await screen.findByText('No Withdrawal Performed Yet');

    fillAndSubmit('10');

    expect((await screen.findByText(message)).getAttribute('role')).toBe('alert');
    expect(screen.getByLabelText(/Withdraw Amount/).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByLabelText(/PayPal Email/).getAttribute('aria-invalid')).toBeNull();
  });
});
