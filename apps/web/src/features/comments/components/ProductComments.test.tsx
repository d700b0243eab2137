// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fakeFetch, renderAt } from '@/test-utils';
import { ProductComments } from './ProductComments';

const PRODUCT_ID = 'product_00000001';
const stored = [
  {
    _id: 'comment_000002',
    productId: PRODUCT_ID,
    name: 'Sam',
    comment: '<b>Newest</b> <script>alert(1)</script>',
    createdAt: '2026-01-15T11:00:00.000Z',
  },
  { _id: 'comment_000001', productId: PRODUCT_ID, name: 'Robin', comment: 'Older', createdAt: '2026-01-15T10:00:00.000Z' },
];

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(`${label} *`), { target: { value } });

describe('ProductComments', () => {
  afterEach(cleanup);

  it('lists the comments in the order the server gives (newest first), markup shown as text', async () => {
    fakeFetch(() => ({ status: 200, body: stored }));
    renderAt(<ProductComments productId={PRODUCT_ID} />);

    const items = within(await screen.findByRole('list', { name: 'Comments, newest first' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.comment-text')?.textContent)).toEqual([
      '<b>Newest</b> <script>alert(1)</script>',
      'Older',
    ]);
    expect(document.querySelector('.comment-list b, .comment-list script')).toBeNull();
  });

  it("shows the server's message in red under the form, and clears it once a comment is sent", async () => {
    let answer = { status: 400, body: { message: 'Write a comment' } as unknown };
    const calls = fakeFetch((_url, init) => (init?.method === 'POST' ? answer : { status: 200, body: [] }));
    renderAt(<ProductComments productId={PRODUCT_ID} />);
    fill('Name', 'Val');
    fill('Email', 'val@example.com');
    fill('Comment', 'Nice');

    fireEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Write a comment');

    answer = { status: 201, body: { message: 'Message send successfully', comment: { ...stored[1], comment: 'Nice' } } };
    fireEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    await screen.findByRole('button', { name: 'Post Comment' });
    await expect.poll(() => screen.queryByRole('alert')).toBeNull();
    const posted = calls.filter((call) => call.init?.method === 'POST').map((call) => JSON.parse(String(call.init?.body)));
    expect(posted.at(-1)).toEqual({ productId: PRODUCT_ID, name: 'Val', email: 'val@example.com', comment: 'Nice' });
  });
});
