// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProductSummary, SaleEvent } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { Sales } from './Sales';

const saleProduct = (productId: string, title: string) => ({
  productId,
  title,
  singleAppLicense: 40,
  multiAppLicense: 100,
  saleSingleAppLicense: 30,
  saleMultiAppLicense: 75,
  lowestIn30Days: { singleAppLicense: 36, multiAppLicense: 100 },
});

function sale(overrides: Partial<SaleEvent> = {}): SaleEvent {
  return {
    _id: 'sale_0001',
    percent: 25,
    startsAt: '2026-11-20T10:00:00.000Z',
    endsAt: '2026-11-30T10:00:00.000Z',
    state: 'running',
    products: [saleProduct('product_0001', 'Space Racer')],
    createdAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

const product = (_id: string, title: string, status: ProductSummary['status'] = 'Approved'): ProductSummary => ({
  _id,
  slug: title.replaceAll(' ', '-'),
  type: 'Games',
  category: 'Android',
  subCategory: 'Racing',
  title: { en: title },
  thumbnail: '/files/images/thumb.webp',
  singleAppLicense: 40,
  multiAppLicense: 100,
  reskinPrice: null,
  livePreview: 'https://example.com/play',
  authorName: 'Pixel Forge',
  status,
  downloads: 0,
  rating: null,
  createdAt: '2026-01-02T03:04:05.000Z',
});

const PRODUCTS = [
  product('product_0001', 'Space Racer'),
  product('product_0002', 'Puzzle Box'),
  product('product_0003', 'Old Game', 'Pending'),
];

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** A server holding the seller's sales: answers the list, and records and applies each write as the real one does. */
function fakeServer(initial: SaleEvent[], refuse?: (body: Record<string, unknown>) => { status: number; body: unknown } | null) {
  const sales = [...initial];
  const sent: Sent[] = [];
  fakeFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    if (method !== 'GET') sent.push({ method, url, body });
    if (url === '/api/product/uploaded-products?mine=true') return { status: 200, body: PRODUCTS };
    if (url === '/api/sale' && method === 'GET') return { status: 200, body: sales };
    const refusal = body ? refuse?.(body) : null;
    if (refusal) return refusal;
    if (url === '/api/sale' && method === 'POST') {
      const made = sale({
        _id: `sale_000${sales.length + 1}`,
        percent: body!.percent as number,
        startsAt: body!.startsAt as string,
        endsAt: body!.endsAt as string,
        state: 'scheduled',
        products: (body!.productIds as string[]).map((id) => saleProduct(id, PRODUCTS.find((p) => p._id === id)!.title.en ?? '')),
      });
      sales.unshift(made);
      return { status: 201, body: made };
    }
    const index = sales.findIndex((one) => url === `/api/sale/${one._id}`);
    if (index >= 0 && method === 'DELETE') {
      if (sales[index]!.state === 'running') {
        sales[index] = { ...sales[index]!, state: 'ended', endsAt: '2026-11-27T08:00:00.000Z' };
        return { status: 200, body: { message: 'Sale ended' } };
      }
      sales.splice(index, 1);
      return { status: 200, body: { message: 'Sale deleted' } };
    }
    return { status: 404, body: { message: `unexpected ${method} ${url}` } };
  });
  return { sent };
}

const itemOf = async (id: string) => {
  await screen.findAllByRole('heading', { level: 3 });
  return document.querySelector<HTMLElement>(`[data-row-id="${id}"]`)!;
};

describe('Sales', () => {
  afterEach(cleanup);

  it('says when there are no sales yet', async () => {
    fakeServer([]);
    renderAt(<Sales />, '/userPanel/sales');
    expect(await screen.findByText('No sales yet')).toBeTruthy();
  });

  it('lists each sale with its percent, period, state, and each product listed → sale price and lowest of 30 days', async () => {
    fakeServer([
      sale({ _id: 'sale_0003', state: 'scheduled', percent: 10, startsAt: '2030-01-01T10:00:00.000Z', endsAt: '2030-01-08T10:00:00.000Z' }),
      sale({ products: [saleProduct('product_0001', 'Space Racer'), saleProduct('product_0002', 'Puzzle Box')] }),
      sale({ _id: 'sale_0002', state: 'ended', percent: 50 }),
    ]);
    renderAt(<Sales />, '/userPanel/sales');

    const running = await itemOf('sale_0001');
    expect(within(running).getByRole('heading', { name: '25% off' })).toBeTruthy();
    expect(within(running).getByText('Running', { selector: '.badge' })).toBeTruthy();
    expect(running.querySelector('.sale-period')?.textContent).toMatch(/^Nov 2\d, 2026, .* to Nov 30, 2026, /);
    const lines = within(running)
      .getAllByRole('listitem')
      .map((line) => line.textContent);
    expect(lines).toEqual([
      'Space RacerSingle app: $40.00 →on sale at $30.00 · lowest in 30 days before: $36.00Multi app: $100.00 →on sale at $75.00 · lowest in 30 days before: $100.00',
      'Puzzle BoxSingle app: $40.00 →on sale at $30.00 · lowest in 30 days before: $36.00Multi app: $100.00 →on sale at $75.00 · lowest in 30 days before: $100.00',
    ]);
    expect(within(running).getByRole('button', { name: 'End now' })).toBeTruthy();
    expect(within(await itemOf('sale_0003')).getByText('Scheduled', { selector: '.badge' })).toBeTruthy();
    expect(within(await itemOf('sale_0003')).getByRole('button', { name: 'Delete' })).toBeTruthy();
    const ended = await itemOf('sale_0002');
    expect(within(ended).getByText('Ended', { selector: '.badge' })).toBeTruthy();
    expect(within(ended).queryByRole('button')).toBeNull();
  });

  it('checks a new sale before sending it, shows the server refusal at its field, and lists the sale made', async () => {
    const rise = 'The price of "Puzzle Box" was raised on Nov 20, 2026; a sale on it can start from Dec 20, 2026';
    const { sent } = fakeServer([], (body) =>
      (body.productIds as string[]).includes('product_0002')
        ? { status: 400, body: { message: rise, errors: [{ field: 'startsAt', message: rise }] } }
        : null,
    );
    renderAt(<Sales />, '/userPanel/sales');
    await screen.findByText('No sales yet');

    fireEvent.click(screen.getByRole('button', { name: 'New sale' }));
    const form = screen.getByRole('form', { name: 'New sale' });
    // Only approved products can be chosen; their listed prices are shown.
    const racer = await within(form).findByLabelText('Space Racer ($40.00 / $100.00)');
    expect(within(form).queryByLabelText(/Old Game/)).toBeNull();
    const percent = within(form).getByLabelText(/^Percent off/);
    expect(document.activeElement).toBe(percent);
    const ends = within(form).getByLabelText(/^Ends/);
    fireEvent.change(ends, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Start the sale' }));

    // Refused here: nothing sent, each field says what is wrong, and focus goes to the first.
    expect(sent).toEqual([]);
    expect(within(form).getByText('Choose at least one product')).toBeTruthy();
    expect(within(form).getByText('Enter the percent off')).toBeTruthy();
    expect(within(form).getByText('Choose when the sale ends')).toBeTruthy();
    expect(percent.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(percent.getAttribute('aria-describedby')!.split(' ')[1]!)?.textContent).toBe('Enter the percent off');
    expect(
      within(form)
        .getByRole('group', { name: /Products/ })
        .getAttribute('data-invalid'),
    ).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(percent));

    fireEvent.click(racer);
    expect(within(form).queryByText('Choose at least one product')).toBeNull();
    fireEvent.change(percent, { target: { value: '95' } });
    fireEvent.change(ends, { target: { value: '2030-01-08T10:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Start the sale' }));
    expect(within(form).getByText('A sale takes a whole percent from 1 to 90 off')).toBeTruthy();
    expect(form.querySelector('.sale-preview')).toBeNull();
    expect(sent).toEqual([]);

    fireEvent.click(within(form).getByLabelText(/^Puzzle Box/));
    fireEvent.change(percent, { target: { value: '25%' } });
    // The prices the sale will show, before it is sent.
    expect(Array.from(form.querySelectorAll('.sale-preview li'), (line) => line.textContent)).toEqual([
      'Space Racer: single $40.00 →becomes $30.00, multi $100.00 →becomes $75.00',
      'Puzzle Box: single $40.00 →becomes $30.00, multi $100.00 →becomes $75.00',
    ]);
    const starts = within(form).getByLabelText(/^Starts/);
    fireEvent.change(starts, { target: { value: '2030-01-01T10:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Start the sale' }));

    // The server names the product whose price rose, at the start field, which takes the focus.
    const refusal = await within(form).findByText(rise);
    expect(starts.getAttribute('aria-invalid')).toBe('true');
    expect(starts.getAttribute('aria-describedby')).toContain(refusal.id);
    await waitFor(() => expect(document.activeElement).toBe(starts));
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/sale',
      body: {
        productIds: ['product_0001', 'product_0002'],
        percent: 25,
        startsAt: new Date('2030-01-01T10:00').toISOString(),
        endsAt: new Date('2030-01-08T10:00').toISOString(),
      },
    });

    fireEvent.click(within(form).getByLabelText(/^Puzzle Box/));
    expect(within(form).queryByText(rise)).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Start the sale' }));

    const made = await itemOf('sale_0001');
    expect(screen.queryByRole('form')).toBeNull();
    expect(within(made).getByText('Scheduled', { selector: '.badge' })).toBeTruthy();
    expect(within(made).getByText('Space Racer')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New sale' }));
  });

  it('shows an overlap refused by the server at the products', async () => {
    const overlap = '"Space Racer" is already in a sale from Nov 20, 2026 to Nov 30, 2026';
    fakeServer([], () => ({ status: 409, body: { message: overlap, errors: [{ field: 'productIds', message: overlap }] } }));
    renderAt(<Sales />, '/userPanel/sales');
    fireEvent.click(await screen.findByRole('button', { name: 'New sale' }));
    const form = screen.getByRole('form', { name: 'New sale' });
    fireEvent.click(await within(form).findByLabelText(/^Space Racer/));
    fireEvent.change(within(form).getByLabelText(/^Percent off/), { target: { value: '20' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Start the sale' }));

    const refusal = await within(form).findByText(overlap);
    expect(
      within(form)
        .getByRole('group', { name: /Products/ })
        .getAttribute('aria-describedby'),
    ).toContain(refusal.id);
  });

  it('starts a sale left at "now" at the moment it is sent, not in the past', async () => {
    const { sent } = fakeServer([]);
    renderAt(<Sales />, '/userPanel/sales');
    fireEvent.click(await screen.findByRole('button', { name: 'New sale' }));
    const form = screen.getByRole('form', { name: 'New sale' });
    fireEvent.click(await within(form).findByLabelText(/^Space Racer/));
    fireEvent.change(within(form).getByLabelText(/^Percent off/), { target: { value: '20' } });
    const before = Date.now();
    fireEvent.click(within(form).getByRole('button', { name: 'Start the sale' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const body = sent[0]!.body as { startsAt: string; endsAt: string };
    expect(Date.parse(body.startsAt)).toBeGreaterThanOrEqual(before - 1000);
    // A week by default.
    expect(Date.parse(body.endsAt) - Date.parse(body.startsAt)).toBeGreaterThan(6.9 * 86_400_000);
  });

  it('deletes a scheduled sale and ends a running one, each after a second press, with the focus on each step', async () => {
    const { sent } = fakeServer([
      sale(),
      sale({ _id: 'sale_0002', state: 'scheduled', startsAt: '2030-01-01T10:00:00.000Z', endsAt: '2030-01-08T10:00:00.000Z' }),
    ]);
    renderAt(<Sales />, '/userPanel/sales');
    const running = await itemOf('sale_0001');

    fireEvent.click(within(running).getByRole('button', { name: 'End now' }));
    expect(sent).toEqual([]);
    expect(document.activeElement).toBe(within(running).getByRole('button', { name: 'Yes, end it now' }));
    fireEvent.click(within(running).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(within(running).getByRole('button', { name: 'End now' }));
    fireEvent.click(within(running).getByRole('button', { name: 'End now' }));
    fireEvent.click(within(running).getByRole('button', { name: 'Yes, end it now' }));

    // Ended, it stays, without an action; its heading takes the focus.
    await waitFor(() => expect(within(running).getByText('Ended', { selector: '.badge' })).toBeTruthy());
    expect(within(running).queryByRole('button')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(within(running).getByRole('heading', { name: '25% off' })));

    const scheduled = await itemOf('sale_0002');
    fireEvent.click(within(scheduled).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(scheduled).getByRole('button', { name: 'Yes, delete' }));
    await waitFor(() => expect(document.querySelector('[data-row-id="sale_0002"]')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your sales' }));
    expect(sent).toEqual([
      { method: 'DELETE', url: '/api/sale/sale_0001', body: undefined },
      { method: 'DELETE', url: '/api/sale/sale_0002', body: undefined },
    ]);
  });
});
