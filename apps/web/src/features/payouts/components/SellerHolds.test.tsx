// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeFetch, renderAt } from '@/test-utils';
import { SellerHolds } from './SellerHolds';

const SELLER = 'seller_00000001';
const ADMIN = { _id: 'admin_00000001', name: 'Ada Admin' };

const hold = (overrides: Record<string, unknown>): Record<string, unknown> => ({
  _id: 'hold_000000001',
  sellerId: SELLER,
  reasonCode: 'identity_check',
  reason: 'Identity check',
  needed: 'Upload a photo of your passport.',
  reviewBy: '2099-12-04',
  heldBy: ADMIN,
  createdAt: '2026-11-27T10:00:00.000Z',
  releasedAt: null,
  releasedBy: null,
  releaseNote: null,
  ...overrides,
});

/** A server holding the given holds, answering a place with 201 and a release with the released hold. */
function fakeServer(holds: Array<Record<string, unknown>>) {
  return fakeFetch((url, init) => {
    if (url === `/api/payout/holds?sellerId=${SELLER}`) return { status: 200, body: holds };
    if (url === '/api/payout/holds' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, string>;
      const placed = hold({ _id: 'hold_000000009', ...body, reason: 'Other' });
      holds.unshift(placed);
      return { status: 201, body: placed };
    }
    if (url.startsWith('/api/payout/holds/') && init?.method === 'DELETE') {
      const released = { ...holds[0]!, releasedAt: '2026-11-28T10:00:00.000Z', releasedBy: ADMIN };
      holds[0] = released;
      return { status: 200, body: released };
    }
    return { status: 404, body: { message: `unexpected ${url}` } };
  });
}

describe('SellerHolds', () => {
  afterEach(cleanup);

  it('lists open and released holds with who and when', async () => {
    fakeServer([
      hold({}),
      hold({
        _id: 'hold_000000002',
        reasonCode: 'refund_rate',
        reason: 'High refund rate',
        heldBy: null,
        releasedAt: '2026-11-20T10:00:00.000Z',
        releasedBy: ADMIN,
        releaseNote: 'Refunds explained',
      }),
    ]);
    renderAt(<SellerHolds sellerId={SELLER} />);

    const list = await screen.findByRole('list', { name: 'Holds, newest first' });
    const [open, released] = within(list).getAllByRole('article');
    expect(open!.textContent).toContain('Open');
    expect(open!.textContent).toContain('held by Ada Admin');
    expect(released!.textContent).toContain('held by a rule');
    expect(released!.textContent).toContain('Released by Ada Admin');
    expect(released!.textContent).toContain('Refunds explained');
    expect(within(released!).queryByRole('button', { name: /Release hold/ })).toBeNull();
  });

  it('names a rule as who held and released a chargeback hold closed by a won dispute', async () => {
    fakeServer([
      hold({
        reasonCode: 'chargeback',
        reason: 'Chargeback',
        heldBy: null,
        releasedAt: '2026-11-29T10:00:00.000Z',
        releasedBy: null,
        releaseNote: 'The bank ruled for you on the dispute.',
      }),
    ]);
    renderAt(<SellerHolds sellerId={SELLER} />);

    const [released] = within(await screen.findByRole('list', { name: 'Holds, newest first' })).getAllByRole('article');
    expect(released!.textContent).toContain('held by a rule');
    expect(released!.textContent).toContain('Released by a rule');
    expect(released!.textContent).toContain('The bank ruled for you on the dispute.');
  });

  it('marks each missing field of the place form and sends nothing', async () => {
    const calls = fakeServer([]);
    renderAt(<SellerHolds sellerId={SELLER} />);
    await screen.findByText('This seller’s payouts have never been held.');

    fireEvent.click(screen.getByRole('button', { name: 'Place hold' }));

    for (const label of [/^Reason/, /What the seller must do/, /Review by/]) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(screen.getByLabelText(/Review by/).getAttribute('aria-describedby')).toBeTruthy();
    expect(calls.filter((call) => call.init?.method === 'POST')).toEqual([]);
  });

  it('refuses a review date that is not after today before asking the server', async () => {
    const calls = fakeServer([]);
    renderAt(<SellerHolds sellerId={SELLER} />);
    await screen.findByText('This seller’s payouts have never been held.');

    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'other' } });
    fireEvent.change(screen.getByLabelText(/What the seller must do/), { target: { value: 'Call us' } });
    fireEvent.change(screen.getByLabelText(/Review by/), { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place hold' }));

    expect(screen.getByText('The review date must be after today')).toBeTruthy();
    expect(calls.filter((call) => call.init?.method === 'POST')).toEqual([]);
  });

  it('places a hold and releases it only after the confirmation', async () => {
    const calls = fakeServer([]);
    renderAt(<SellerHolds sellerId={SELLER} />);
    await screen.findByText('This seller’s payouts have never been held.');

    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'other' } });
    fireEvent.change(screen.getByLabelText(/What the seller must do/), { target: { value: 'Call us' } });
    fireEvent.change(screen.getByLabelText(/Review by/), { target: { value: '2099-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Place hold' }));

    expect(await screen.findByText(/Hold placed: Other, under review until Jan 31, 2099/)).toBeTruthy();
    const posted = calls.find((call) => call.init?.method === 'POST');
    expect(JSON.parse(String(posted!.init!.body))).toEqual({
      sellerId: SELLER,
      reasonCode: 'other',
      needed: 'Call us',
      reviewBy: '2099-01-31',
    });

    fireEvent.click(await screen.findByRole('button', { name: /Release hold/ }));
    expect(calls.some((call) => call.init?.method === 'DELETE')).toBe(false);
    fireEvent.change(screen.getByLabelText(/Note for the seller/), { target: { value: 'Checked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, release' }));

    expect(await screen.findByText(/Released by Ada Admin/)).toBeTruthy();
    const deleted = calls.find((call) => call.init?.method === 'DELETE');
    expect(JSON.parse(String(deleted!.init!.body))).toEqual({ note: 'Checked' });
  });

  it('asks before releasing, and a cancel releases nothing and gives the focus back to the button', async () => {
    const calls = fakeServer([hold({})]);
    renderAt(<SellerHolds sellerId={SELLER} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Release hold: Identity check' }));
    expect(document.activeElement).toBe(screen.getByLabelText(/Note for the seller/));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Release hold: Identity check' })));
    expect(calls.some((call) => call.init?.method === 'DELETE')).toBe(false);
  });
});
