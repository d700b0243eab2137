// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Licence } from '@market/contracts';
import { currentNotice } from '@/components/notice/notices';
import { fakeFetch, renderRoutes, userAlice } from '@/test-utils';
import { UpgradeCheckoutView } from './UpgradeCheckoutView';

const CODE = '3f2b6c1e-8a4d-4f0e-9b7a-2c5d1e6f7a8b';

const licence = (overrides: Partial<Licence> = {}): Licence => ({
  purchaseCode: CODE,
  licenseType: 'Single App License',
  status: 'Active',
  revokedReason: null,
  purchaseId: 'purchase_0001',
  purchasedAt: '2026-03-01T12:00:00.000Z',
  buyer: { _id: userAlice._id, name: 'Alice' },
  product: { _id: 'product_0001', title: 'Space Runner', slug: 'Space-Runner', thumbnail: '/files/images/a.webp' },
  registeredApps: [],
  upgrade: { listPrice: 60, price: 45 },
  ...overrides,
});

/** The server as the upgrade's checkout meets it: the licence, the simulated provider, the upgrade's intent and its recording. */
function serve(current: Licence) {
  return fakeFetch((url, init) => {
    if (url === '/api/user/currentUser') return { status: 200, body: userAlice };
    if (url === `/api/licence/${CODE}`) return { status: 200, body: current };
    if (url === '/api/payment/config') return { status: 200, body: { provider: 'simulated', publishableKey: null } };
    if (url === `/api/licence/${CODE}/upgrade` && init?.method === 'POST') {
      return { status: 200, body: { clientSecret: 'pi_test_0002_secret_abc', paymentIntentId: 'pi_test_0002', amount: 4500 } };
    }
    if (url === '/api/payment/simulated/confirm') return { status: 200, body: { status: 'succeeded', id: 'pi_test_0002' } };
    if (url === '/api/purchase/purchaseDetail') {
      return {
        status: 201,
        body: {
          message: 'Purchase recorded',
          purchase: {
            _id: 'purchase_0002',
            userId: userAlice._id,
            amountPaid: 45,
            transactionId: 'pi_test_0002',
            paymentStatus: 'succeeded',
            createdAt: '2026-11-21T12:00:00.000Z',
            products: [],
          },
        },
      };
    }
    return { status: 404, body: { message: `No fake for ${url}` } };
  });
}

function visit() {
  return renderRoutes(
    [
      { path: '/checkout/upgrade/:code', element: <UpgradeCheckoutView code={CODE} /> },
      { path: '/userPanel/licences', element: <h1>Licences</h1> },
    ],
    `/checkout/upgrade/${CODE}`,
  );
}

describe('UpgradeCheckoutView', () => {
  beforeEach(() => sessionStorage.setItem('userData', JSON.stringify(userAlice)));
  afterEach(cleanup);

  it("shows the upgrade's price and pays exactly it with the cart's card step, then opens the licences", async () => {
    const calls = serve(licence());
    const { router } = visit();

    fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    expect(screen.getByText('Single App License → Multi App License')).toBeTruthy();
    expect(screen.getByText('Upgrade price').nextElementSibling?.textContent).toBe('$60.00');
    expect(screen.getByText('Discount').nextElementSibling?.textContent).toBe('-$15.00');
    expect(screen.getByTestId('upgrade-total').textContent).toBe('$45.00');
    fireEvent.change(screen.getByLabelText('Expiry (MM/YY)'), { target: { value: '12/40' } });
    fireEvent.change(screen.getByLabelText('CVC'), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Pay $45.00' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/userPanel/licences'));
    const upgrade = calls.find((call) => call.url === `/api/licence/${CODE}/upgrade`);
    expect(JSON.parse(String(upgrade?.init?.body))).toEqual({ currency: 'usd', amount: 4500 });
    expect(calls.map((call) => call.url)).toContain('/api/purchase/purchaseDetail');
    expect(currentNotice()).toMatchObject({ text: 'Your licence is now a Multi App License' });
  });

  it('shows no discount row when the upgrade costs its whole price', async () => {
    serve(licence({ upgrade: { listPrice: 60, price: 60 } }));
    visit();

    expect((await screen.findByTestId('upgrade-total')).textContent).toBe('$60.00');
    expect(screen.queryByText('Discount')).toBeNull();
  });

  it('says why a licence cannot be upgraded, and offers no card form', async () => {
    serve(licence({ licenseType: 'Multi App License', upgrade: null }));
    visit();

    expect(await screen.findByText('This licence is a Multi App License already.')).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to your licences' }).getAttribute('href')).toBe('/userPanel/licences');
  });
});
