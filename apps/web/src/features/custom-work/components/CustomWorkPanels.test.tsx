// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CustomWork, ReskinRequest } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { AllCustomWork } from './AllCustomWork';
import { AdminChatCustomWork, UserChatCustomWork } from './ChatCustomWork';
import { MyCustomWork } from './MyCustomWork';
import { workOf } from './testWork';

const buying = workOf({ _id: 'work_buying_01', status: 'funded', role: 'buyer', priceCents: 25_000 });
const selling = workOf({
  _id: 'work_selling_1',
  status: 'delivered',
  role: 'seller',
  product: { _id: 'product_0002', title: 'Block Puzzle', slug: 'block-puzzle' },
  buyer: { _id: 'user_dave_001', name: 'Dave Buyer' },
  seller: { _id: 'user_alice_01', name: 'Alice Wonderland' },
  priceCents: 120_050,
  dueAt: '2027-01-05T23:59:00.000Z',
  milestones: [
    { title: 'Art', amountCents: 60_000, status: 'released' },
    { title: 'Code', amountCents: 60_050, status: 'funded' },
  ],
  current: 1,
});
const disputed = workOf({ _id: 'work_dispute_1', status: 'disputed', role: 'admin' });
const released = workOf({ _id: 'work_release_1', status: 'released', role: 'admin' });

const request: ReskinRequest = {
  buyer: { _id: 'user_dave_001', name: 'Dave Buyer' },
  product: { _id: 'product_0002', title: 'Block Puzzle' },
  askedAt: '2026-11-18T12:00:00.000Z',
};

/** Answers each list with what it is given; anything else is a 404 the test would show. */
function fakeServer(lists: Partial<Record<string, CustomWork[] | ReskinRequest[]>>) {
  return fakeFetch((url, init) => {
    const answer = lists[url];
    if ((init?.method ?? 'GET') === 'GET' && answer) return { status: 200, body: answer };
    return { status: 404, body: { message: `unexpected ${init?.method ?? 'GET'} ${url}` } };
  });
}

const cellTexts = (row: HTMLElement) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent);

afterEach(cleanup);

describe('MyCustomWork', () => {
  it('lists the orders the user buys and sells with the other side, the role, price, status, due day and a link to each', async () => {
    fakeServer({ '/api/custom-work/mine': [buying, selling], '/api/custom-work/requests': [] });
    renderAt(<MyCustomWork />);
    const table = await screen.findByRole('table', { name: 'Custom work you buy or sell' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(cellTexts(first!)).toEqual([
      'Space Runner',
      'Carol Seller',
      'Buying',
      '$250.00',
      'Paid into escrow, in progress',
      'Dec 20, 2026',
      'Open',
    ]);
    expect(cellTexts(second!)).toEqual([
      'Block Puzzle',
      'Dave Buyer',
      'Selling',
      '$1,200.50',
      'Delivered, waiting for the buyer (milestone 2 of 2)',
      'Jan 5, 2027',
      'Open',
    ]);
    const links = within(table).getAllByRole('link', { name: 'Open' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/custom-work/work_buying_01', '/custom-work/work_selling_1']);
    expect(await screen.findByText('Nobody has asked for a reskin of your products yet')).toBeTruthy();
  });

  it('says there is no custom work yet when the user has none', async () => {
    fakeServer({ '/api/custom-work/mine': [], '/api/custom-work/requests': [] });
    renderAt(<MyCustomWork />);
    expect(await screen.findByText('No custom work yet')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('opens the quote form for the buyer and product of a reskin request, and gives the focus back when it is cancelled', async () => {
    fakeServer({ '/api/custom-work/mine': [], '/api/custom-work/requests': [request] });
    renderAt(<MyCustomWork />);
    const quote = await screen.findByRole('button', { name: 'Send a quote' });
    expect(screen.getByRole('heading', { name: 'Dave Buyer on Block Puzzle' })).toBeTruthy();
    fireEvent.click(quote);
    const form = screen.getByRole('form', { name: 'Quote custom work for Dave Buyer' });
    expect(within(form).getByText(/On Block Puzzle\./)).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByLabelText(/Scope of the work/));
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send a quote' })));
  });
});

describe('AllCustomWork', () => {
  it('shows the disputes first and says when there are none to resolve', async () => {
    fakeServer({ '/api/custom-work?status=disputed': [], '/api/custom-work': [released, disputed] });
    renderAt(<AllCustomWork />);
    expect(await screen.findByText('No disputes to resolve')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Disputed' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    const table = await screen.findByRole('table', { name: 'All custom work' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(cellTexts(first!)).toEqual(['Space Runner', 'Alice Wonderland', 'Carol Seller', '$250.00', 'Disputed', 'Dec 20, 2026', 'Open']);
    expect(within(second!).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/custom-work/work_release_1');
  });

  it('lists the disputed orders with their buyer, seller and link', async () => {
    fakeServer({ '/api/custom-work?status=disputed': [disputed] });
    renderAt(<AllCustomWork />);
    const table = await screen.findByRole('table', { name: 'Disputed custom work' });
    expect(within(table).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/custom-work/work_dispute_1');
  });

  it('says there is no custom work yet when All is empty', async () => {
    fakeServer({ '/api/custom-work?status=disputed': [], '/api/custom-work': [] });
    renderAt(<AllCustomWork />);
    fireEvent.click(await screen.findByRole('button', { name: 'All' }));
    expect(await screen.findByText('No custom work yet')).toBeTruthy();
  });
});

describe('The chats’ custom work', () => {
  it('shows the admin the buyer’s orders on the product as cards, with Send a quote', async () => {
    fakeServer({ '/api/custom-work?buyerId=user_alice_01&productId=product_0001': [buying] });
    renderAt(
      <AdminChatCustomWork buyerId="user_alice_01" buyerName="Alice Wonderland" productId="product_0001" productTitle="Space Runner" />,
    );
    const cards = await screen.findByRole('list', { name: 'Custom work with Alice Wonderland' });
    expect(within(cards).getByText('Paid into escrow, in progress')).toBeTruthy();
    expect(within(cards).getByText('$250.00')).toBeTruthy();
    expect(within(cards).getByRole('link', { name: 'Open order' }).getAttribute('href')).toBe('/custom-work/work_buying_01');
    fireEvent.click(screen.getByRole('button', { name: 'Send a quote' }));
    expect(screen.getByRole('form', { name: 'Quote custom work for Alice Wonderland' })).toBeTruthy();
  });

  it('shows the user their orders on the chat’s product, and nothing when there are none', async () => {
    fakeServer({ '/api/custom-work/mine?productId=product_0001': [buying], '/api/custom-work/mine?productId=product_0002': [] });
    renderAt(<UserChatCustomWork productId="product_0001" />);
    const cards = await screen.findByRole('list', { name: 'Your custom work on this product' });
    expect(within(cards).getByRole('link', { name: 'Open order' }).getAttribute('href')).toBe('/custom-work/work_buying_01');
    cleanup();

    const { container, queryClient } = renderAt(<UserChatCustomWork productId="product_0002" />);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(container.textContent).toBe('');
  });
});
