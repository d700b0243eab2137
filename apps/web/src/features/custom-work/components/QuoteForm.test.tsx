// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeFetch, renderAt } from '@/test-utils';
import { QuoteForm } from './QuoteForm';
import { workOf } from './testWork';

const BUYER_ID = 'user_alice_01';
const PRODUCT_ID = 'product_0001';

function renderForm() {
  return renderAt(<QuoteForm buyerId={BUYER_ID} productId={PRODUCT_ID} buyerName="Alice Wonderland" productTitle="Space Runner" />);
}

/** The quote's calls, answered by `answer` (a made order by default). */
function fakeServer(answer: { status: number; body: unknown } = { status: 201, body: workOf({ _id: 'work_new_0001' }) }) {
  const sent: unknown[] = [];
  fakeFetch((url, init) => {
    if (url === '/api/custom-work' && init?.method === 'POST') {
      sent.push(JSON.parse(String(init.body)));
      return answer;
    }
    return { status: 404, body: { message: `unexpected ${init?.method ?? 'GET'} ${url}` } };
  });
  return { sent };
}

const type = (label: RegExp | string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send the quote' }));

afterEach(cleanup);

describe('QuoteForm', () => {
  it('says what each empty field needs, sends nothing and puts the focus on the scope', async () => {
    const { sent } = fakeServer();
    renderForm();
    send();
    expect(await screen.findByText('Describe the work')).toBeTruthy();
    expect(screen.getByText('Give the price in dollars and cents, e.g. 250 or 249.99')).toBeTruthy();
    expect(screen.getByText('Choose the delivery date')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Scope of the work/)));
    expect(sent).toEqual([]);
  });

  it('refuses a price that is no amount of dollars and a date already past', async () => {
    const { sent } = fakeServer();
    renderForm();
    type(/Scope of the work/, 'Swap the sprites');
    type(/Price in US dollars/, 'ten dollars');
    type(/Delivery date/, '2020-01-01');
    send();
    expect(await screen.findByText('Type the price in dollars and cents, e.g. 250 or 249.99')).toBeTruthy();
    expect(screen.getByText('The delivery date must be in the future')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('sends the scope as escaped paragraphs, the price in cents and the day’s end in UTC, then opens the order', async () => {
    const { sent } = fakeServer();
    const { router } = renderForm();
    type(/Scope of the work/, 'Swap the <b>sprites</b>\n\nAdd & rename levels\nand menus\n\n\n');
    type(/Price in US dollars/, '$1,250.50');
    type(/Delivery date/, '2099-05-20');
    send();
    await waitFor(() => expect(router.state.location.pathname).toBe('/custom-work/work_new_0001'));
    expect(sent).toEqual([
      {
        buyerId: BUYER_ID,
        productId: PRODUCT_ID,
        scopeHtml: '<p>Swap the &lt;b&gt;sprites&lt;/b&gt;</p><p>Add &amp; rename levels<br>and menus</p>',
        priceCents: 125_050,
        dueAt: '2099-05-20T23:59:00.000Z',
      },
    ]);
  });

  it('sends the milestones added, and refuses them until they add up to the price', async () => {
    const { sent } = fakeServer();
    const { router } = renderForm();
    type(/Scope of the work/, 'Port to iOS');
    type(/Price in US dollars/, '300');
    type(/Delivery date/, '2099-05-20');
    fireEvent.click(screen.getByRole('button', { name: 'Add a milestone' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Milestone 1 name'));
    fireEvent.click(screen.getByRole('button', { name: 'Add a milestone' }));
    type('Milestone 1 name', 'Graphics');
    type('Milestone 1 amount (USD)', '100');
    type('Milestone 2 amount (USD)', '150');
    expect(screen.getByTestId('milestones-sum').textContent).toBe('The milestones add up to $250.00 of the $300.00 price.');
    send();
    expect(await screen.findByText('Name the milestone')).toBeTruthy();
    expect(screen.getByText('The milestones must add up to the price')).toBeTruthy();
    // The first field marked: the amounts, whose sum misses the price.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Milestone 1 amount (USD)')));
    expect(screen.getByLabelText('Milestone 2 name').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);

    type('Milestone 2 name', 'Store release');
    type('Milestone 2 amount (USD)', '200');
    send();
    await waitFor(() => expect(router.state.location.pathname).toBe('/custom-work/work_new_0001'));
    expect(sent).toEqual([
      expect.objectContaining({
        priceCents: 30_000,
        milestones: [
          { title: 'Graphics', amountCents: 10_000 },
          { title: 'Store release', amountCents: 20_000 },
        ],
      }),
    ]);
  });

  it('moves the focus to the next milestone when one is removed, and to Add a milestone when none is left', () => {
    fakeServer();
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add a milestone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add a milestone' }));
    type('Milestone 2 name', 'Second');
    fireEvent.click(screen.getByRole('button', { name: 'Remove milestone 1' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Milestone 1 name'));
    expect((screen.getByLabelText('Milestone 1 name') as HTMLInputElement).value).toBe('Second');
    fireEvent.click(screen.getByRole('button', { name: 'Remove milestone 1' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add a milestone' }));
  });

  it('shows the server’s refusal at its field and focuses that field', async () => {
    fakeServer({
      status: 400,
      body: {
        message: 'The delivery date must be in the future',
        errors: [{ field: 'dueAt', message: 'The delivery date must be in the future' }],
      },
    });
    renderForm();
    type(/Scope of the work/, 'Swap the sprites');
    type(/Price in US dollars/, '250');
    type(/Delivery date/, '2099-05-20');
    send();
    expect(await screen.findByText('The delivery date must be in the future')).toBeTruthy();
    const date = screen.getByLabelText(/Delivery date/);
    expect(date.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(date));
  });

  it('shows a refusal about the buyer, who is no field of the form, under the form', async () => {
    fakeServer({
      status: 400,
      body: {
        message: 'A quote answers a reskin request: this buyer has not asked for one on this product',
        errors: [{ field: 'buyerId', message: 'A quote answers a reskin request: this buyer has not asked for one on this product' }],
      },
    });
    renderForm();
    type(/Scope of the work/, 'Swap the sprites');
    type(/Price in US dollars/, '250');
    type(/Delivery date/, '2099-05-20');
    send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('A quote answers a reskin request: this buyer has not asked for one on this product');
  });
});
