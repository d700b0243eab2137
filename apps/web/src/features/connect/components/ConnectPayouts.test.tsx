// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConnectPayout, PayoutStatus } from '@market/contracts';
import { currentNotice } from '@/components/notice/notices';
import { fakeFetch, renderAt } from '@/test-utils';
import { PayoutAccountSection } from './PayoutAccountSection';

const ENABLED = { mode: 'connect', state: 'enabled', requirementsDue: [], disabledReason: null } as const;

const status = (overrides: Partial<PayoutStatus> = {}): PayoutStatus => ({
  mode: 'connect',
  availableCents: 4999,
  maturingCents: 2500,
  maturing: [{ cents: 2500, availableOn: '2026-12-04' }],
  holds: [],
  account: { state: 'enabled', requirementsDue: [], disabledReason: null },
  ...overrides,
});

const SENT: ConnectPayout = {
  _id: 'payout_0001',
  amount: 49.99,
  fee: 4,
  net: 45.99,
  status: 'transferred',
  transferId: 'tr_123',
  failure: null,
  claimedAt: '2026-11-27T10:00:00.000Z',
};

function fakeServer(answerToPost: { status: number; body: unknown }) {
  let paid = false;
  return fakeFetch((url, init) => {
    if (url === '/api/payout/account') return { status: 200, body: ENABLED };
    if (url === '/api/payout/status') return { status: 200, body: paid ? status({ availableCents: 0 }) : status() };
    if (url === '/api/payout/transfers') return { status: 200, body: paid ? [SENT] : [] };
    if (url === '/api/payout/transfer' && init?.method === 'POST') {
      paid = answerToPost.status === 200;
      return answerToPost;
    }
    return { status: 404, body: { message: `unexpected ${url}` } };
  });
}

describe('payouts through Stripe on the earnings page', () => {
  afterEach(cleanup);

  it('shows what is available and when the rest matures, pays out on request, and lists the payout', async () => {
    const calls = fakeServer({ status: 200, body: SENT });
    renderAt(<PayoutAccountSection />);

    const figures = await screen.findByText('Available to pay out');
    expect(figures.nextElementSibling?.textContent).toBe('$49.99');
    expect(screen.getByText('Available on Dec 4, 2026').nextElementSibling?.textContent).toBe('$25.00');
    expect(await screen.findByText('No payouts yet.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Pay out now' }));

    await waitFor(() => expect(currentNotice()).toMatchObject({ text: '$45.99 sent to your Stripe account' }));
    const table = await screen.findByRole('table', { name: 'Your payouts through Stripe' });
    expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Sent');
    expect(calls.filter((call) => call.init?.method === 'POST').map((call) => call.url)).toEqual(['/api/payout/transfer']);
  });

  it("says the server's refusal, such as a hold's reason and date, under the button", async () => {
    const held = 'Your payouts are on hold (Identity check) until 2026-12-04: Upload a photo of your passport.';
    fakeServer({ status: 409, body: { message: held } });
    renderAt(<PayoutAccountSection />);

    fireEvent.click(await screen.findByRole('button', { name: 'Pay out now' }));

    expect((await screen.findByRole('alert')).textContent).toBe(held);
  });
});
