// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { SellerAnalytics as Report } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { SellerAnalytics } from './SellerAnalytics';

const ZERO: Report['totals'] = { views: 0, carts: 0, checkouts: 0, sales: 0, refunds: 0, conversion: null, revenueCents: 0 };

function reportOf(url: string, figures: Partial<typeof ZERO>, referrers: Report['referrers'] = []): Report {
  const query = new URL(url, 'http://shop.test').searchParams;
  const from = query.get('from') ?? '';
  const to = query.get('to') ?? '';
  return {
    from,
    to,
    productId: query.get('productId'),
    totals: { ...ZERO, ...figures },
    days: [{ day: to, ...ZERO, ...figures }],
    referrers,
    products: [],
    releases: [
      {
        releaseId: 'release_0001',
        productId: 'product_0001',
        title: 'Space Runner',
        version: '1.2.0',
        publishedAt: '2026-03-01T00:00:00.000Z',
        buyers: 3,
      },
    ],
  };
}

describe('SellerAnalytics', () => {
  afterEach(cleanup);

  it('says there were no visits yet, and still lists the releases with their buyers', async () => {
    fakeFetch((url) => {
      if (url === '/api/user/analytics/products') return { status: 200, body: [{ _id: 'product_0001', title: 'Space Runner' }] };
      if (url.startsWith('/api/user/analytics?')) return { status: 200, body: reportOf(url, {}) };
      return { status: 404, body: { message: `unexpected ${url}` } };
    });
    renderAt(<SellerAnalytics />);
    expect(await screen.findByText('No visits in this period yet')).toBeTruthy();
    const releases = screen.getByRole('table', { name: 'Buyers who downloaded each published version, all time' });
    expect(within(releases).getByRole('row', { name: /Space Runner/ }).textContent).toContain('3');
  });

  it('shows the figures, a table for each chart and the referrers, and asks again for the period chosen', async () => {
    const calls = fakeFetch((url) => {
      if (url === '/api/user/analytics/products') return { status: 200, body: [{ _id: 'product_0001', title: 'Space Runner' }] };
      if (url.startsWith('/api/user/analytics?')) {
        return {
          status: 200,
          body: reportOf(url, { views: 4, carts: 2, checkouts: 1, sales: 1, conversion: 0.25, revenueCents: 4999 }, [
            { referrer: 'newsletter', views: 4, carts: 2, sales: 1 },
          ]),
        };
      }
      return { status: 404, body: { message: `unexpected ${url}` } };
    });
    renderAt(<SellerAnalytics />);
    const summary = await screen.findByRole('list', { name: 'Summary of the period' });
    expect(summary.textContent).toContain('Revenue$49.99');
    expect(summary.textContent).toContain('Conversion25.0%');
    const days = screen.getByRole('table', { name: 'Views, add to cart, checkouts and sales per day' });
    expect(
      within(days)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '2', '1', '1', '25.0%']);
    const referrers = screen.getByRole('table', { name: 'Views, add to cart and sales by referrer' });
    expect(within(referrers).getByRole('row', { name: /newsletter/ }).textContent).toBe('newsletter421');
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toMatch(
      /^\/api\/user\/analytics\.csv\?from=\d{4}-\d{2}-\d{2}&to=/,
    );

    fireEvent.click(screen.getByLabelText('Last 7 days'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Product' }), { target: { value: 'product_0001' } });
    await screen.findByRole('list', { name: 'Summary of the period' });
    const asked = calls.map((call) => call.url).filter((url) => url.startsWith('/api/user/analytics?'));
    expect(asked.at(-1)).toMatch(/productId=product_0001$/);
    const last = new URL(asked.at(-1) ?? '', 'http://shop.test').searchParams;
    expect((Date.parse(last.get('to') ?? '') - Date.parse(last.get('from') ?? '')) / 86_400_000).toBe(6);
  });

  it('refuses a custom period that ends before it starts, without asking the server', async () => {
    const calls = fakeFetch((url) => {
      if (url === '/api/user/analytics/products') return { status: 200, body: [] };
      if (url.startsWith('/api/user/analytics?')) return { status: 200, body: reportOf(url, {}) };
      return { status: 404, body: { message: `unexpected ${url}` } };
    });
    renderAt(<SellerAnalytics />);
    await screen.findByText('No visits in this period yet');
    const before = calls.length;
    fireEvent.click(screen.getByLabelText('Custom'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    expect((await screen.findByRole('alert')).textContent).toBe('The last day must not be before the first.');
    expect(calls.slice(before).filter((call) => call.url.includes('to=2026-03-01'))).toEqual([]);
  });

  it('shows the server’s refusal with a way to ask again', async () => {
    fakeFetch((url) => {
      if (url === '/api/user/analytics/products') return { status: 200, body: [] };
      return { status: 500, body: { message: 'The database is away' } };
    });
    renderAt(<SellerAnalytics />);
    expect((await screen.findByRole('alert')).textContent).toContain('The database is away');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
