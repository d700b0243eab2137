// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
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

const row = (title: string) => screen.getByRole('rowheader', { name: title }).closest('tr') as HTMLElement;

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
    await screen.findByRole('rowheader', { name: 'Open Game' });

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
    await screen.findByRole('rowheader', { name: 'Late Game' });

    expect((within(row('Late Game')).getByRole('button', { name: 'Download' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/purchase/updateDownload')).toBe(true));
    const update = calls.find((call) => call.url === '/api/purchase/updateDownload');
    expect(update?.init?.method).toBe('PUT');
    expect(JSON.parse(String(update?.init?.body))).toEqual({ purchaseId: 'purchase_0001', productId: 'product_0003' });
  });
});
