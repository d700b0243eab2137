// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { fakeFetch, renderAt } from '@/test-utils';
import { PayoutHoldAlerts } from './PayoutHoldAlerts';

const HOLD = {
  _id: 'hold_000000001',
  reasonCode: 'identity_check',
  reason: 'Identity check',
  needed: 'Upload a photo of your passport.',
  reviewBy: '2026-12-04',
  createdAt: '2026-11-27T10:00:00.000Z',
};

const statusWith = (holds: unknown[]) => () => ({
  status: 200,
  body: { mode: 'manual', availableCents: 5000, maturingCents: 0, maturing: [], holds, account: null },
});

describe('PayoutHoldAlerts', () => {
  afterEach(cleanup);

  it('shows each open hold as a region named by its reason, with what to do and the review date', async () => {
    fakeFetch(statusWith([HOLD]));
    renderAt(<PayoutHoldAlerts />);

    const region = await screen.findByRole('region', { name: 'Your payouts are on hold: Identity check' });
    expect(region.textContent).toContain('What to do: Upload a photo of your passport.');
    expect(region.textContent).toContain('Under review until Dec 4, 2026');
    expect(region.querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-04');
  });

  it('shows nothing while no hold is open', async () => {
    const calls = fakeFetch(statusWith([]));
    const { container } = renderAt(<PayoutHoldAlerts />);

    await expect.poll(() => calls.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(container.textContent).toBe('');
  });

  it('says so when the status cannot be read, with a way to try again', async () => {
    fakeFetch(() => ({ status: 500, body: { message: 'Something went wrong. Please try again.' } }));
    renderAt(<PayoutHoldAlerts />);

    expect(await screen.findByText(/Could not check whether your payouts are on hold/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
