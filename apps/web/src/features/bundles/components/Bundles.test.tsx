// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Bundle, ProductSummary } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { Bundles } from './Bundles';

const product = (
  _id: string,
  title: string,
  single: number,
  multi: number,
  status: ProductSummary['status'] = 'Approved',
): ProductSummary => ({
  _id,
  slug: title.replaceAll(' ', '-'),
  type: 'Games',
  category: 'Android',
  subCategory: 'Racing',
  title: { en: title },
  thumbnail: '/files/images/thumb.webp',
  singleAppLicense: single,
  multiAppLicense: multi,
  reskinPrice: null,
  livePreview: 'https://example.com/play',
  authorName: 'Pixel Forge',
  status,
  downloads: 0,
  rating: null,
  createdAt: '2026-01-02T03:04:05.000Z',
});

const PRODUCTS = [
  product('product_0001', 'Space Runner', 9.99, 19.99),
  product('product_0002', 'Block Puzzle', 14.99, 29.99),
  product('product_0003', 'Kart Racer', 30.01, 60),
  product('product_0004', 'Old Game', 5, 10, 'Pending'),
];

function bundleOf(body: { name: string; productIds: string[]; singleAppLicense: number; multiAppLicense: number }, id: string): Bundle {
  const members = PRODUCTS.filter((candidate) => body.productIds.includes(candidate._id));
  const sum = (field: 'singleAppLicense' | 'multiAppLicense') =>
    Math.round(members.reduce((total, member) => total + member[field] * 100, 0)) / 100;
  return {
    _id: id,
    name: body.name,
    seller: { _id: 'user_alice_001', name: 'Alice' },
    singleAppLicense: body.singleAppLicense,
    multiAppLicense: body.multiAppLicense,
    listed: { singleAppLicense: sum('singleAppLicense'), multiAppLicense: sum('multiAppLicense') },
    forSale: true,
    whyNotForSale: null,
    products: members.map((member) => ({
      _id: member._id,
      slug: member.slug,
      title: member.title.en!,
      thumbnail: member.thumbnail,
      category: member.category,
      singleAppLicense: member.singleAppLicense,
      multiAppLicense: member.multiAppLicense,
      onStore: true,
    })),
    createdAt: '2026-11-20T09:00:00.000Z',
    updatedAt: '2026-11-20T09:00:00.000Z',
  };
}

/** The seller's bundles on a server that stores each write as the real one does. */
function fakeServer() {
  const bundles: Bundle[] = [];
  const sent: Array<{ method: string; url: string; body: unknown }> = [];
  fakeFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Parameters<typeof bundleOf>[0]) : undefined;
    if (method !== 'GET') sent.push({ method, url, body });
    if (url === '/api/product/uploaded-products?mine=true') return { status: 200, body: PRODUCTS };
    if (url === '/api/bundle' && method === 'GET') return { status: 200, body: bundles };
    if (url === '/api/bundle' && method === 'POST') {
      const made = bundleOf(body!, `bundle_000${bundles.length + 1}`);
      bundles.unshift(made);
      return { status: 201, body: made };
    }
    if (url.startsWith('/api/bundle/') && method === 'DELETE') {
      bundles.splice(
        bundles.findIndex((bundle) => url.endsWith(bundle._id)),
        1,
      );
      return { status: 200, body: { message: 'Bundle deleted' } };
    }
    return { status: 404, body: { message: 'Not found' } };
  });
  return { sent };
}

afterEach(cleanup);

describe('Bundles', () => {
  it('shows what the chosen products cost one by one and the 10% ceiling, refuses a price above it, and makes the bundle', async () => {
    const { sent } = fakeServer();
    renderAt(<Bundles />);
    expect(await screen.findByText('No bundles yet')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'New bundle' }));
    fireEvent.change(screen.getByLabelText(/Bundle name/), { target: { value: 'Starter pack' } });
    for (const title of ['Space Runner', 'Block Puzzle', 'Kart Racer']) fireEvent.click(await screen.findByLabelText(new RegExp(title)));
    // A product not on the store is not offered.
    expect(screen.queryByLabelText(/Old Game/)).toBeNull();
    expect(screen.getByTestId('singleAppLicense-ceiling').textContent).toBe('One by one: $54.99. At most $49.49 (10% below).');
    expect(screen.getByTestId('multiAppLicense-ceiling').textContent).toBe('One by one: $109.98. At most $98.98 (10% below).');

    fireEvent.change(screen.getByLabelText(/Single App License price/), { target: { value: '49.50' } });
    fireEvent.change(screen.getByLabelText(/Multi App License price/), { target: { value: '98' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the bundle' }));
    expect(
      await screen.findByText(
        'The Single App License price must be at most $49.49: at least 10% below the $54.99 its products cost one by one',
      ),
    ).toBeTruthy();
    expect(sent).toEqual([]);

    fireEvent.change(screen.getByLabelText(/Single App License price/), { target: { value: '39.99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create the bundle' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/bundle',
      body: {
        name: 'Starter pack',
        productIds: ['product_0001', 'product_0002', 'product_0003'],
        singleAppLicense: 39.99,
        multiAppLicense: 98,
      },
    });
    const item = (await screen.findByRole('heading', { name: 'Starter pack' })).closest('li')!;
    expect(within(item).getByText(/\$39\.99/).textContent).toContain('of $54.99, saves $15.00 (27%)');

    // Deleting asks twice.
    fireEvent.click(within(item).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(item).getByRole('button', { name: 'Delete it' }));
    expect(await screen.findByText('No bundles yet')).toBeTruthy();
    expect(sent.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/bundle/bundle_0001' });
  });
});
