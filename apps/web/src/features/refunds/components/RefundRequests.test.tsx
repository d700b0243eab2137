// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { RefundRequest } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { RefundRequests } from './RefundRequests';

const waiting: RefundRequest = {
  _id: 'request_0001',
  purchaseId: 'purchase_0001',
  productId: 'product_0001',
  title: 'Space Runner',
  licenseType: 'Single App License',
  price: 49.99,
  purchasedAt: '2026-03-01T12:00:00.000Z',
  buyer: { _id: 'user_jamie_1', name: 'Jamie Buyer', email: 'jamie@example.com' },
  reason: 'The project does not open in Unity 2022.3 as the page says.',
  status: 'Pending',
  declineReason: null,
  createdAt: '2026-03-02T09:00:00.000Z',
  answeredAt: null,
};

function fakeServer() {
  let answered: RefundRequest | null = null;
  return fakeFetch((url, init) => {
    if (url === '/api/purchase/refundRequests?status=Pending') return { status: 200, body: answered ? [] : [waiting] };
    if (url === '/api/purchase/refundRequests') return { status: 200, body: [answered ?? waiting] };
    if (init?.method === 'PUT' && url === `/api/purchase/refundRequests/${waiting._id}/decline`) {
      const { reason } = JSON.parse(String(init.body)) as { reason: string };
      answered = { ...waiting, status: 'Declined', declineReason: reason, answeredAt: '2026-03-03T09:00:00.000Z' };
      return { status: 200, body: answered };
    }
    if (init?.method === 'POST' && url === '/api/purchase/refund') {
      answered = { ...waiting, status: 'Refunded', answeredAt: '2026-03-03T09:00:00.000Z' };
      return { status: 200, body: { message: 'Refunded $49.99; the licence is revoked.', refunded: [] } };
    }
    return { status: 404, body: { message: `unexpected ${url}` } };
  });
}

describe('RefundRequests', () => {
  afterEach(cleanup);

  it("shows the buyer's reason and what was paid, and declines with a reason the server receives", async () => {
    const calls = fakeServer();
    renderAt(<RefundRequests />);
    const card = within((await screen.findByRole('heading', { name: /Space Runner/ })).closest('article')!);
    expect(card.getByText(waiting.reason)).toBeTruthy();
    expect(card.getByText(/Jamie Buyer \(jamie@example.com\) · paid \$49\.99/)).toBeTruthy();

    fireEvent.click(card.getByRole('button', { name: 'Decline the refund of Space Runner' }));
    const field = card.getByLabelText(/Why decline the refund of Space Runner/);
    fireEvent.click(card.getByRole('button', { name: 'Decline request' }));
    expect(await card.findByText('Give a reason of at least 5 characters')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'It opens in 2022.3; see the README.' } });
    fireEvent.click(card.getByRole('button', { name: 'Decline request' }));

    expect(await screen.findByText('No refund requests are waiting for an answer.')).toBeTruthy();
    const sent = calls.find((call) => call.init?.method === 'PUT');
    expect(JSON.parse(String(sent!.init!.body))).toEqual({ reason: 'It opens in 2022.3; see the README.' });
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(await screen.findByText(/It opens in 2022\.3; see the README\./)).toBeTruthy();
  });

  it('refunds the requested line with the amount on the button', async () => {
    const calls = fakeServer();
    renderAt(<RefundRequests />);
    const card = within((await screen.findByRole('heading', { name: /Space Runner/ })).closest('article')!);

    fireEvent.click(card.getByRole('button', { name: 'Refund Space Runner' }));
    fireEvent.change(card.getByLabelText(/Reason for refunding Space Runner/), { target: { value: 'Agreed: it does not open.' } });
    fireEvent.click(card.getByRole('button', { name: 'Refund $49.99' }));

    expect(await screen.findByText('No refund requests are waiting for an answer.')).toBeTruthy();
    const sent = calls.find((call) => call.init?.method === 'POST');
    expect(JSON.parse(String(sent!.init!.body))).toEqual({
      purchaseId: 'purchase_0001',
      productId: 'product_0001',
      reason: 'Agreed: it does not open.',
    });
  });
});
