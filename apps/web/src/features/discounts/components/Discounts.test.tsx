// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Discount, ProductSummary } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { Discounts } from './Discounts';

function discount(overrides: Partial<Discount> = {}): Discount {
  return {
    _id: 'discount_0001',
    code: 'SPRING25',
    kind: 'percent',
    amount: 25,
    productIds: [],
    namesProducts: false,
    licenceTypes: ['Single App License', 'Multi App License'],
    startsAt: null,
    endsAt: null,
    maxRedemptions: null,
    onePerBuyer: false,
    minSubtotal: 0,
    paused: false,
    state: 'active',
    redemptions: 0,
    held: 0,
    revenue: 0,
    discounted: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
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

/** A server holding the seller's codes: answers the list, and records and applies each write as the real one does. */
function fakeServer(initial: Discount[], refuse?: (body: Record<string, unknown>) => { status: number; body: unknown } | null) {
  const codes = [...initial];
  const sent: Sent[] = [];
  fakeFetch((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    if (method !== 'GET') sent.push({ method, url, body });
    if (url === '/api/product/uploaded-products?mine=true') return { status: 200, body: PRODUCTS };
    if (url === '/api/discount' && method === 'GET') return { status: 200, body: codes };
    const refusal = body ? refuse?.(body) : null;
    if (refusal) return refusal;
    if (url === '/api/discount' && method === 'POST') {
      const made = discount({ ...(body as Partial<Discount>), _id: `discount_000${codes.length + 1}` });
      codes.unshift(made);
      return { status: 201, body: made };
    }
    const index = codes.findIndex((code) => url === `/api/discount/${code._id}`);
    if (index >= 0 && method === 'PUT') {
      const paused = Boolean(body!.paused);
      codes[index] = { ...codes[index]!, ...(body as Partial<Discount>), state: paused ? 'paused' : 'active' };
      return { status: 200, body: codes[index] };
    }
    if (index >= 0 && method === 'DELETE') {
      codes.splice(index, 1);
      return { status: 200, body: { message: 'Discount code deleted' } };
    }
    return { status: 404, body: { message: `unexpected ${method} ${url}` } };
  });
  return { sent };
}

const rowOf = async (code: string) => (await screen.findByRole('rowheader', { name: code })).closest('tr')!;
/** Each cell's text, its second lines (conditions, dates, held uses, sums discounted) after a " / ". */
const cells = (row: HTMLElement) =>
  Array.from(row.children, (cell) => {
    const copy = cell.cloneNode(true) as HTMLElement;
    for (const line of copy.querySelectorAll('.d-block')) line.prepend(' / ');
    return copy.textContent;
  });

describe('Discounts', () => {
  afterEach(cleanup);

  it('says when there are no codes yet', async () => {
    fakeServer([]);
    renderAt(<Discounts />, '/userPanel/discounts');
    expect(await screen.findByText('No discount codes yet')).toBeTruthy();
  });

  it('lists each code with what it takes off, its products, state, uses and money', async () => {
    fakeServer([
      discount({ redemptions: 3, maxRedemptions: 10, held: 2, revenue: 75, discounted: 25 }),
      discount({
        _id: 'discount_0002',
        code: 'TENOFF',
        kind: 'fixed',
        amount: 10,
        productIds: ['product_0001', 'product_0002'],
        licenceTypes: ['Multi App License'],
        minSubtotal: 50,
        onePerBuyer: true,
        state: 'paused',
        paused: true,
        redemptions: 4,
        revenue: 360.5,
        discounted: 40,
      }),
      discount({ _id: 'discount_0003', code: 'LATER', state: 'scheduled', startsAt: '2030-01-01T10:00:00.000Z' }),
      discount({ _id: 'discount_0004', code: 'GONE', state: 'expired', endsAt: '2026-01-01T10:00:00.000Z' }),
      discount({ _id: 'discount_0005', code: 'LASTONE', state: 'used up', maxRedemptions: 1, redemptions: 1 }),
    ]);
    renderAt(<Discounts />, '/userPanel/discounts');

    const spring = await rowOf('SPRING25');
    expect(cells(spring).slice(0, 6)).toEqual([
      'SPRING25',
      '25% off',
      'All your products',
      'Active',
      '3 of 10 / 2 in open checkouts',
      '$75.00 / $25.00 discounted',
    ]);
    const tenOff = await rowOf('TENOFF');
    await waitFor(() => expect(cells(tenOff)[2]).toBe('Space Racer, Puzzle Box'));
    expect(within(tenOff).getByText('$10.00 off each licence')).toBeTruthy();
    expect(within(tenOff).getByText('Multi App License only')).toBeTruthy();
    expect(within(tenOff).getByText('On $50.00 or more')).toBeTruthy();
    expect(within(tenOff).getByText('Once per buyer')).toBeTruthy();
    expect(cells(tenOff).slice(3, 6)).toEqual(['Paused', '4', '$360.50 / $40.00 discounted']);
    expect(within(tenOff).getByRole('button', { name: 'Resume' })).toBeTruthy();
    expect(within(await rowOf('LATER')).getByText('Scheduled', { selector: '.badge' })).toBeTruthy();
    expect(within(await rowOf('LATER')).getByText(/^Starts Jan 1, 2030/)).toBeTruthy();
    expect(within(await rowOf('GONE')).getByText('Expired', { selector: '.badge' })).toBeTruthy();
    expect(within(await rowOf('LASTONE')).getByText('Used up', { selector: '.badge' })).toBeTruthy();
    expect(cells(await rowOf('LASTONE'))[4]).toBe('1 of 1');
  });

  it('checks a new code before sending it, shows a refusal from the server at its field, and lists the code made', async () => {
    const { sent } = fakeServer([discount()], (body) =>
      body.code === 'SPRING25'
        ? {
            status: 409,
            body: { message: 'You already have a code SPRING25', errors: [{ field: 'code', message: 'You already have a code SPRING25' }] },
          }
        : null,
    );
    renderAt(<Discounts />, '/userPanel/discounts');
    await rowOf('SPRING25');

    fireEvent.click(screen.getByRole('button', { name: 'New discount code' }));
    const form = screen.getByRole('form', { name: 'New discount code' });
    const code = within(form).getByLabelText(/^Code/);
    expect(document.activeElement).toBe(code);
    fireEvent.click(within(form).getByRole('button', { name: 'Create code' }));

    // Refused here: nothing sent, each field says what is wrong, and focus goes to the first.
    expect(sent).toEqual([]);
    const amount = within(form).getByLabelText(/^Amount off, in percent/);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(code.getAttribute('aria-describedby')!.split(' ')[1]!)?.textContent).toBe(
      'A code has at least 3 characters',
    );
    expect(within(form).getByText('Enter the amount off')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(code));

    fireEvent.change(code, { target: { value: 'SPRING25' } });
    fireEvent.click(within(form).getByLabelText('Amount off each licence'));
    fireEvent.change(within(form).getByLabelText(/^Amount off each licence, in US dollars/), { target: { value: '$10' } });
    fireEvent.click(await within(form).findByLabelText('Puzzle Box'));
    fireEvent.click(within(form).getByLabelText('Single App License'));
    fireEvent.change(within(form).getByLabelText('Maximum uses (optional)'), { target: { value: '10' } });
    fireEvent.change(within(form).getByLabelText('Ends (optional)'), { target: { value: '2030-01-31T18:00' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create code' }));

    // The server has that code: its words at the code field, which takes the focus.
    const codeError = await within(form).findByText('You already have a code SPRING25');
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.getAttribute('aria-describedby')).toContain(codeError.id);
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/discount',
      body: {
        code: 'SPRING25',
        kind: 'fixed',
        amount: 10,
        productIds: ['product_0002'],
        licenceTypes: ['Multi App License'],
        startsAt: null,
        endsAt: new Date('2030-01-31T18:00').toISOString(),
        maxRedemptions: 10,
        onePerBuyer: false,
        minSubtotal: 0,
        paused: false,
      },
    });

    fireEvent.change(code, { target: { value: 'LAUNCH10' } });
    expect(within(form).queryByText('You already have a code SPRING25')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Create code' }));

    const made = await rowOf('LAUNCH10');
    expect(screen.queryByRole('form')).toBeNull();
    expect(cells(made).slice(1, 3)).toEqual(['$10.00 off each licence / Multi App License only', 'Puzzle Box']);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New discount code' }));
  });

  it('pauses and resumes a code with the rest of it unchanged', async () => {
    const stored = discount({
      productIds: ['product_0001'],
      maxRedemptions: 10,
      redemptions: 3,
      minSubtotal: 20,
      endsAt: '2030-01-01T00:00:00.000Z',
    });
    const { sent } = fakeServer([stored]);
    renderAt(<Discounts />, '/userPanel/discounts');
    const row = await rowOf('SPRING25');

    const pause = within(row).getByRole('button', { name: 'Pause' });
    pause.focus();
    fireEvent.click(pause);

    await waitFor(() => expect(within(row).getByText('Paused', { selector: '.badge' })).toBeTruthy());
    const unchanged = {
      code: 'SPRING25',
      kind: 'percent',
      amount: 25,
      productIds: ['product_0001'],
      licenceTypes: ['Single App License', 'Multi App License'],
      startsAt: null,
      endsAt: '2030-01-01T00:00:00.000Z',
      maxRedemptions: 10,
      onePerBuyer: false,
      minSubtotal: 20,
    };
    expect(sent).toEqual([{ method: 'PUT', url: '/api/discount/discount_0001', body: { ...unchanged, paused: true } }]);
    // The same button, now Resume, keeps the focus.
    const resume = within(row).getByRole('button', { name: 'Resume' });
    expect(document.activeElement).toBe(resume);

    fireEvent.click(resume);
    await waitFor(() => expect(within(row).getByText('Active', { selector: '.badge' })).toBeTruthy());
    expect(sent[1]).toEqual({ method: 'PUT', url: '/api/discount/discount_0001', body: { ...unchanged, paused: false } });
  });

  it('edits a code in place, keeps a pause made meanwhile, and gives the focus back to its Edit button', async () => {
    const { sent } = fakeServer([discount({ maxRedemptions: 10 })]);
    renderAt(<Discounts />, '/userPanel/discounts');
    const row = await rowOf('SPRING25');

    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit the code SPRING25' });
    expect((within(form).getByLabelText('Maximum uses (optional)') as HTMLInputElement).value).toBe('10');
    fireEvent.change(within(form).getByLabelText(/^Amount off, in percent/), { target: { value: '30' } });
    // Paused from its row while the form is open: saving the form keeps it paused.
    fireEvent.click(within(row).getByRole('button', { name: 'Pause' }));
    await within(row).findByRole('button', { name: 'Resume' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(sent[1]).toEqual({
      method: 'PUT',
      url: '/api/discount/discount_0001',
      body: expect.objectContaining({ amount: 30, maxRedemptions: 10, paused: true }),
    });
    await waitFor(() => expect(cells(row)[1]).toBe('30% off'));
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Edit' }));

    // A code deleted while its form is open takes the form with it.
    fireEvent.click(within(row).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('form', { name: 'Edit the code SPRING25' })).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('No discount codes yet')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('button', { name: 'New discount code' })).toBeTruthy();
  });

  it('deletes a code only after a second press, with the focus on each step', async () => {
    const { sent } = fakeServer([discount()]);
    renderAt(<Discounts />, '/userPanel/discounts');
    const row = await rowOf('SPRING25');

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(sent).toEqual([]);
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Yes, delete' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(within(row).getByRole('button', { name: 'Delete' }));

    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Yes, delete' }));

    expect(await screen.findByText('No discount codes yet')).toBeTruthy();
    expect(sent).toEqual([{ method: 'DELETE', url: '/api/discount/discount_0001', body: undefined }]);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your codes' }));
  });
  it('shows a code whose named products were all deleted as reaching none, with Delete alone', async () => {
    fakeServer([discount({ code: 'EMPTIED', namesProducts: true, productIds: [] })]);
    renderAt(<Discounts />, '/userPanel/discounts');
    const gone = await rowOf('EMPTIED');
    expect(cells(gone)[2]).toBe('None left: its products were deleted');
    expect(within(gone).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(gone).queryByRole('button', { name: 'Pause' })).toBeNull();
    expect(within(gone).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });
});

describe('Discounts of the platform (admins)', () => {
  afterEach(cleanup);

  it("lists the platform's codes, finds any seller's product by search to name it, and writes to the platform's calls", async () => {
    const codes = [
      discount({ _id: 'discount_0009', code: 'MARKET20', productIds: [] }),
      discount({ _id: 'discount_0008', code: 'RACER5', productIds: ['product_0007'] }),
    ];
    const sent: Sent[] = [];
    const calls = fakeFetch((url, init) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      if (method !== 'GET') sent.push({ method, url, body });
      if (url === '/api/discount/platform' && method === 'GET') return { status: 200, body: codes };
      if (url === '/api/product/product_0007') return { status: 200, body: product('product_0007', 'Neon Racer') };
      if (url.startsWith('/api/product/search?q=knight'))
        return { status: 200, body: [product('product_0042', 'Knight Quest'), product('product_0007', 'Neon Racer')] };
      if (url === '/api/discount/platform' && method === 'POST') {
        const made = discount({ ...(body as Partial<Discount>), _id: 'discount_0010' });
        codes.unshift(made);
        return { status: 201, body: made };
      }
      return { status: 404, body: { message: `unexpected ${method} ${url}` } };
    });
    renderAt(<Discounts scope="platform" />, '/adminPanel/platform-codes');

    expect(await screen.findByRole('heading', { name: 'All platform codes' })).toBeTruthy();
    expect(cells(await rowOf('MARKET20'))[2]).toBe('Every seller’s products');
    await waitFor(async () => expect(cells(await rowOf('RACER5'))[2]).toBe('Neon Racer'));
    // A seller's own products are never asked for here.
    expect(calls.some((call) => call.url.includes('mine=true'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'New platform code' }));
    const form = screen.getByRole('form', { name: 'New platform code' });
    fireEvent.change(within(form).getByLabelText(/^Code/), { target: { value: 'KNIGHTS' } });
    fireEvent.change(within(form).getByLabelText(/^Amount off, in percent/), { target: { value: '15' } });
    const search = within(form).getByLabelText('Find a product to add');
    fireEvent.change(search, { target: { value: 'knight' } });
    fireEvent.click(await within(form).findByRole('button', { name: /^Add Knight Quest/ }));
    const chosen = within(form).getByRole('list', { name: 'Products chosen' });
    expect(within(chosen).getByText('Knight Quest')).toBeTruthy();
    expect(document.activeElement).toBe(search);
    // Added products leave the results.
    expect(within(form).queryByRole('button', { name: /^Add Knight Quest/ })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Create code' }));

    await rowOf('KNIGHTS');
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/discount/platform',
        body: {
          code: 'KNIGHTS',
          kind: 'percent',
          amount: 15,
          productIds: ['product_0042'],
          licenceTypes: ['Single App License', 'Multi App License'],
          startsAt: null,
          endsAt: null,
          maxRedemptions: null,
          onePerBuyer: false,
          minSubtotal: 0,
          paused: false,
        },
      },
    ]);
  });
});
