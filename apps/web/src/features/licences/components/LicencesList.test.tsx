// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { STORE_URL_MESSAGE, type Licence } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { LicencesList } from './LicencesList';

const CODE = '3f2b6c1e-8a4d-4f0e-9b7a-2c5d1e6f7a8b';

const licence = (overrides: Partial<Licence> = {}): Licence => ({
  purchaseCode: CODE,
  licenseType: 'Single App License',
  status: 'Active',
  revokedReason: null,
  purchaseId: 'purchase_0001',
  purchasedAt: '2026-03-01T12:00:00.000Z',
  buyer: { _id: 'user_alice_01', name: 'Alice' },
  product: { _id: 'product_0001', title: 'Space Runner', slug: 'Space-Runner', thumbnail: '/files/images/a.webp' },
  registeredApps: [],
  upgrade: { listPrice: 60, price: 60 },
  ...overrides,
});

/** A server holding one Single licence that, like the real one, takes one app and refuses a second. */
function fakeServer() {
  let current = licence();
  const posted: unknown[] = [];
  fakeFetch((url, init) => {
    if (url === '/api/licence/mine') return { status: 200, body: [current] };
    if (url === `/api/licence/${CODE}/apps`) {
      const body = JSON.parse(String(init?.body)) as { appName: string; bundleId: string; storeUrl: string };
      posted.push(body);
      current = {
        ...current,
        registeredApps: [
          { _id: 'app_00000001', appName: body.appName, bundleId: body.bundleId, storeUrl: null, registeredAt: '2026-03-02T12:00:00.000Z' },
        ],
      };
      return { status: 201, body: current };
    }
    return { status: 404, body: { message: `unexpected ${url}` } };
  });
  return { posted };
}

describe('LicencesList', () => {
  afterEach(cleanup);

  it('shows each licence with its code, terms and a Register app form that checks fields before sending', async () => {
    const { posted } = fakeServer();
    renderAt(<LicencesList />, '/userPanel/licences');

    const card = (await screen.findByRole('heading', { name: 'Space Runner' })).closest('li')!;
    expect(within(card).getByText(CODE)).toBeTruthy();
    expect(within(card).getByText('What you may do')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Certificate' }).getAttribute('href')).toBe(`/userPanel/licences/${CODE}`);

    // The form opens on demand, its first field ready.
    expect(within(card).queryByLabelText(/App name/)).toBeNull();
    const open = within(card).getByRole('button', { name: 'Register an app for Space Runner' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(open);
    expect(open.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(within(card).getByLabelText(/App name/));
    fireEvent.change(within(card).getByLabelText(/App name/), { target: { value: 'Runner' } });
    fireEvent.change(within(card).getByLabelText(/Package or bundle id/), { target: { value: 'runner' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Register app' }));

    const bundle = within(card).getByLabelText(/Package or bundle id/);
    expect(bundle.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(bundle);
    expect(within(card).getByText(/reverse-DNS form/)).toBeTruthy();
    expect(posted).toEqual([]);

    fireEvent.change(bundle, { target: { value: 'com.alice.runner' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Register app' }));

    await waitFor(() => expect(within(card).getByText('com.alice.runner')).toBeTruthy());
    expect(posted).toEqual([{ appName: 'Runner', bundleId: 'com.alice.runner', storeUrl: '' }]);
    // A Single licence holds one app: the form gives way to the rule.
    expect(within(card).queryByRole('button', { name: 'Register app' })).toBeNull();
    expect(within(card).getByText(/Upgrade it to a Multi App License to use the code in more apps/)).toBeTruthy();
  });

  it('marks a store address that is no address at all with its message, sending nothing', async () => {
    const { posted } = fakeServer();
    renderAt(<LicencesList />, '/userPanel/licences');

    const card = (await screen.findByRole('heading', { name: 'Space Runner' })).closest('li')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Register an app for Space Runner' }));
    fireEvent.change(within(card).getByLabelText(/App name/), { target: { value: 'Runner' } });
    fireEvent.change(within(card).getByLabelText(/Package or bundle id/), { target: { value: 'com.alice.runner' } });
    fireEvent.change(within(card).getByLabelText(/Store address/), { target: { value: 'not a url' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Register app' }));

    const store = within(card).getByLabelText(/Store address/);
    expect(store.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(store);
    expect(within(card).getByText(STORE_URL_MESSAGE)).toBeTruthy();
    expect(posted).toEqual([]);
  });

  it("offers a Single licence's upgrade at today's price, and none for a Multi or revoked one", async () => {
    const multi = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    const revoked = '1b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e';
    fakeFetch((url) => {
      if (url !== '/api/licence/mine') return { status: 404, body: { message: `unexpected ${url}` } };
      return {
        status: 200,
        body: [
          licence({ upgrade: { listPrice: 60, price: 45 } }),
          licence({
            purchaseCode: multi,
            licenseType: 'Multi App License',
            upgrade: null,
            product: { _id: 'product_0002', title: 'Block Puzzle', slug: 'Block-Puzzle', thumbnail: '/files/images/b.webp' },
          }),
          licence({
            purchaseCode: revoked,
            status: 'Revoked',
            revokedReason: 'Chargeback',
            upgrade: null,
            product: { _id: 'product_0003', title: 'Tile Quest', slug: 'Tile-Quest', thumbnail: '/files/images/c.webp' },
          }),
        ],
      };
    });
    renderAt(<LicencesList />, '/userPanel/licences');

    const card = (await screen.findByRole('heading', { name: 'Space Runner' })).closest('li')!;
    const upgrade = within(card).getByRole('link', { name: 'Upgrade to Multi App License for $45.00 instead of $60.00' });
    expect(upgrade.getAttribute('href')).toBe(`/checkout/upgrade/${CODE}`);
    expect(upgrade.getAttribute('aria-describedby')).toBe(`licence-${CODE}`);
    for (const title of ['Block Puzzle', 'Tile Quest']) {
      const other = screen.getByRole('heading', { name: title }).closest('li')!;
      expect(within(other).queryByRole('link', { name: /^Upgrade/ })).toBeNull();
    }
  });

  it('says there are no licences yet, with the way to the games', async () => {
    fakeFetch(() => ({ status: 200, body: [] }));
    renderAt(<LicencesList />, '/userPanel/licences');
    expect(await screen.findByText(/No licences yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse games' })).toBeTruthy();
  });
});
