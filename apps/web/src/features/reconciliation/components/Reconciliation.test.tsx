// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { RECONCILIATION_NEEDS_STRIPE_MESSAGE } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { Reconciliation } from './Reconciliation';

const run = (overrides: Record<string, unknown> = {}) => ({
  _id: 'run_000000001',
  startedAt: '2026-11-27T10:00:00.000Z',
  finishedAt: '2026-11-27T10:00:02.000Z',
  periodStart: '2026-11-26T09:00:00.000Z',
  periodEnd: '2026-11-27T09:00:00.000Z',
  providerTransactions: 12,
  requestedBy: null,
  differences: [],
  ...overrides,
});

const CHARGE = {
  providerId: 'pi_3Qa1b2c3d4e5f6',
  kind: 'charge',
  providerCents: 4999,
  ledgerCents: 0,
  meaning: 'Stripe took this payment and the ledger has no sale for it.',
};

describe('Reconciliation', () => {
  afterEach(cleanup);

  it('shows the last run, says Stripe and the ledger agree, and runs again when asked', async () => {
    const calls = fakeFetch((url, init) => {
      if (url === '/api/reconciliation/run' && init?.method === 'POST') {
        return {
          status: 200,
          body: {
            enabled: true,
            lastRun: run({ _id: 'run_000000002', requestedBy: { _id: 'admin_00000001', name: 'Ada Admin' }, differences: [CHARGE] }),
          },
        };
      }
      if (url === '/api/reconciliation') return { status: 200, body: { enabled: true, lastRun: run() } };
      return { status: 404, body: { message: `unexpected ${url}` } };
    });
    renderAt(<Reconciliation />);

    expect(await screen.findByText('Stripe and the ledger agree.')).toBeTruthy();
    expect(screen.getByText('Nov 26, 2026, 09:00 UTC')).toBeTruthy();
    expect(screen.getByText(/by the daily job/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Run now' }));

    const table = await screen.findByRole('table', { name: 'Differences between Stripe and the ledger' });
    const [, row] = within(table).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Charge', '$49.99', '$0.00', 'Stripe took this payment and the ledger has no sale for it.']);
    expect(screen.getByText(/run by Ada Admin/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Compared 12 Stripe transactions: 1 difference.');
    expect(calls.some((call) => call.url === '/api/reconciliation/run')).toBe(true);
  });

  it('says it needs Stripe with simulated payments, and offers no run', async () => {
    fakeFetch(() => ({ status: 200, body: { enabled: false, lastRun: null } }));
    renderAt(<Reconciliation />);

    expect(await screen.findByText(RECONCILIATION_NEEDS_STRIPE_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Run now' })).toBeNull();
  });
});
