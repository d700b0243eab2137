// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeFetch, renderAt, userAlice } from '@/test-utils';
import { PurchasesList } from './PurchasesList';

const HOUR = 60 * 60 * 1000;

function purchaseLine(productId: string, title: string, overrides: Record<string, unknown> = {}) {
  return {
    productId,
    title,
    slug: title.replaceAll(' ', '-'),
    thumbnail: `/files/images/${productId}.webp`,
    category: 'Unity',
    licenseType: 'Single App License',
    isReskin: 'false',
    price: 19.99,
    reskinPrice: null,
    download: 'true',
    downloadExpiresAt: new Date(Date.now() + 8 * HOUR).toISOString(),
    versionBought: '1.0.0',
    versions: [{ _id: `release_${productId}`, version: '1.0.0', engineVersion: null, publishedAt: '2026-01-02T10:00:00.000Z' }],
    purchaseCode: '3f2b6c1e-8a4d-4f0e-9b7a-2c5d1e6f7a8b',
    licenceStatus: 'Active',
    refund: null,
    refundRequest: null,
    ...overrides,
  };
}

function purchase(products: unknown[]) {
  return {
    _id: 'purchase_0001',
    userId: userAlice._id,
    amountPaid: 99,
    transactionId: 'pi_test_0001',
    paymentStatus: 'succeeded',
    createdAt: new Date(Date.now() - HOUR).toISOString(),
    products,
  };
}

/** A row by its product: the row header holds the title, then the versions. */
const rowName = (title: string) => new RegExp(`^${title}`);
const row = (title: string) => screen.getByRole('rowheader', { name: rowName(title) }).closest('tr') as HTMLElement;

describe('PurchasesList', () => {
  beforeEach(() => sessionStorage.setItem('userData', JSON.stringify(userAlice)));
  afterEach(cleanup);

  it('says so when nothing was bought', async () => {
    fakeFetch(() => ({ status: 200, body: [] }));
    renderAt(<PurchasesList />);
    expect(await screen.findByText('No Purchased Product Found')).toBeTruthy();
  });

  it('offers the download while the window is open and disables it once closed', async () => {
    const calls = fakeFetch((url) =>
      url === '/api/purchase/allPurchases'
        ? {
            status: 200,
            body: [
              purchase([
                purchaseLine('product_0001', 'Open Game', { licenseType: 'Multi App License', price: 49 }),
                purchaseLine('product_0002', 'Closed Game', {
                  download: 'false',
                  downloadExpiresAt: new Date(Date.now() - HOUR).toISOString(),
                }),
              ]),
            ],
          }
        : { status: 404, body: {} },
    );
    renderAt(<PurchasesList />);
    await screen.findByRole('rowheader', { name: rowName('Open Game') });

    const open = within(row('Open Game'));
    expect(open.getByText('Multi App License')).toBeTruthy();
    expect(open.getByText('$49.00')).toBeTruthy();
    expect(open.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/api/purchase/download/purchase_0001/product_0001');

    const closed = within(row('Closed Game'));
    expect((closed.getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
    expect(closed.getByText('Download window closed')).toBeTruthy();
    expect(calls.filter((call) => call.url === '/api/purchase/updateDownload')).toHaveLength(0);
  });

  it('asks the server to close a window that this clock sees as passed', async () => {
    const calls = fakeFetch((url) => {
      if (url === '/api/purchase/allPurchases') {
        return {
          status: 200,
          body: [purchase([purchaseLine('product_0003', 'Late Game', { downloadExpiresAt: new Date(Date.now() - 1000).toISOString() })])],
        };
      }
      if (url === '/api/purchase/updateDownload') return { status: 200, body: { download: 'false' } };
      return { status: 404, body: {} };
    });
    renderAt(<PurchasesList />);
    await screen.findByRole('rowheader', { name: rowName('Late Game') });

    expect((within(row('Late Game')).getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/purchase/updateDownload')).toBe(true));
    const update = calls.find((call) => call.url === '/api/purchase/updateDownload');
    expect(update?.init?.method).toBe('PUT');
    expect(JSON.parse(String(update?.init?.body))).toEqual({ purchaseId: 'purchase_0001', productId: 'product_0003' });
  });

  it('shows the version bought, the newest with an Updated badge, and offers the older versions while the window is open', async () => {
    fakeFetch((url) =>
      url === '/api/purchase/allPurchases'
        ? {
            status: 200,
            body: [
              purchase([
                purchaseLine('product_0004', 'Updated Game', {
                  versions: [
                    { _id: 'release_0013', version: '1.3.0', engineVersion: 'Unity 6', publishedAt: '2026-05-01T10:00:00.000Z' },
                    { _id: 'release_0010', version: '1.0.0', engineVersion: null, publishedAt: '2026-01-02T10:00:00.000Z' },
                  ],
                }),
                purchaseLine('product_0005', 'Same Game'),
              ]),
            ],
          }
        : { status: 404, body: {} },
    );
    renderAt(<PurchasesList />);
    await screen.findByRole('rowheader', { name: rowName('Updated Game') });

    const updated = within(row('Updated Game'));
    expect(updated.getByText(/Version 1\.0\.0/)).toBeTruthy();
    expect(updated.getByText(/newest 1\.3\.0/)).toBeTruthy();
    expect(updated.getByText('Updated')).toBeTruthy();
    expect(updated.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/api/purchase/download/purchase_0001/product_0004');
    expect(updated.getByRole('link', { name: 'Download 1.0.0' }).getAttribute('href')).toBe(
      '/api/purchase/download/purchase_0001/product_0004?release=release_0010',
    );
    const same = within(row('Same Game'));
    expect(same.queryByText('Updated')).toBeNull();
    expect(same.queryByText('Older versions')).toBeNull();
  });

  it('lets the buyer ask for a refund within the first days, and shows the request and a refund as they come', async () => {
    let line: Record<string, unknown> = purchaseLine('product_0001', 'Space Runner');
    const calls = fakeFetch((url, init) => {
      if (url === '/api/purchase/allPurchases') return { status: 200, body: [purchase([line])] };
      if (init?.method === 'POST' && url === '/api/purchase/refundRequest') {
        const body = JSON.parse(String(init.body)) as { reason: string };
        line = {
          ...line,
          refundRequest: { status: 'Pending', reason: body.reason, declineReason: null, createdAt: new Date().toISOString() },
        };
        return {
          status: 201,
          body: {
            _id: 'request_0001',
            purchaseId: 'purchase_0001',
            productId: 'product_0001',
            title: 'Space Runner',
            licenseType: 'Single App License',
            price: 19.99,
            purchasedAt: new Date().toISOString(),
            buyer: { _id: userAlice._id, name: userAlice.name, email: userAlice.email },
            reason: body.reason,
            status: 'Pending',
            declineReason: null,
            createdAt: new Date().toISOString(),
            answeredAt: null,
          },
        };
      }
      return { status: 404, body: { message: `unexpected ${url}` } };
    });
    renderAt(<PurchasesList />);
    await screen.findByRole('rowheader', { name: rowName('Space Runner') });

    fireEvent.click(within(row('Space Runner')).getByRole('button', { name: 'Ask for a refund of Space Runner' }));
    const field = within(row('Space Runner')).getByLabelText(/What went wrong with Space Runner/);
    fireEvent.change(field, { target: { value: 'Too short' } });
    fireEvent.click(within(row('Space Runner')).getByRole('button', { name: 'Send request' }));
    expect(await within(row('Space Runner')).findByText('Tell us what went wrong in at least 20 characters')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'The project does not open in the engine version the page claims.' } });
    fireEvent.click(within(row('Space Runner')).getByRole('button', { name: 'Send request' }));

    expect(await within(row('Space Runner')).findByText(/waiting for an answer/)).toBeTruthy();
    expect(calls.filter((call) => call.init?.method === 'POST')).toHaveLength(1);
  });

  it('says a line was refunded, with its download disabled, and offers no refund after 7 days', async () => {
    const old = { ...purchase([purchaseLine('product_0002', 'Block Puzzle', { download: 'false' })]), _id: 'purchase_0002' };
    old.createdAt = new Date(Date.now() - 8 * 24 * HOUR).toISOString();
    const refunded = purchaseLine('product_0001', 'Space Runner', {
      download: 'false',
      licenceStatus: 'Revoked',
      refund: { amount: 19.99, reason: 'Does not build', refundedAt: new Date().toISOString() },
    });
    fakeFetch(() => ({ status: 200, body: [purchase([refunded]), old] }));
    renderAt(<PurchasesList />);
    await screen.findByRole('rowheader', { name: rowName('Space Runner') });

    expect(within(row('Space Runner')).getByText(/^Refunded \$19\.99 on/)).toBeTruthy();
    expect(within(row('Space Runner')).getByText('Refunded')).toBeTruthy();
    expect((within(row('Space Runner')).getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(row('Block Puzzle')).queryByRole('button', { name: /Ask for a refund/ })).toBeNull();
  });
});
