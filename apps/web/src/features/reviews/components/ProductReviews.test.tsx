// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Review, ReviewPage } from '@market/contracts';
import { fakeFetch, renderAt } from '@/test-utils';
import { PRODUCTS_QUERY_ROOT } from '@/lib/queryKeys';
import { ProductReviews } from './ProductReviews';

const review = (n: number, overrides: Partial<Review> = {}): Review => ({
  _id: `review_000${n}`,
  productId: 'product_0001',
  rating: n,
  text: `Review number ${n}, <b>as typed</b>`,
  reviewer: { name: `Buyer ${n}` },
  verified: true,
  createdAt: '2026-03-01T12:00:00.000Z',
  updatedAt: '2026-03-01T12:00:00.000Z',
  reply: null,
  hidden: false,
  hiddenReason: null,
  ...overrides,
});

/** A server like the real one: it answers the page for this viewer and takes one review. */
function fakeServer(viewer: Pick<ReviewPage, 'canReview' | 'youSell'> & { moderates?: boolean }, reviews: Review[]) {
  const posted: unknown[] = [];
  let yours: Review | null = null;
  fakeFetch((url, init) => {
    if (url.startsWith('/api/review/product/product_0001')) {
      const all = yours ? [yours, ...reviews] : reviews;
      const average = all.length ? Math.round((all.reduce((sum, r) => sum + r.rating, 0) / all.length) * 10) / 10 : null;
      return {
        status: 200,
        body: {
          reviews: all,
          average,
          count: all.length,
          page: 1,
          hasMore: false,
          yours,
          canReview: viewer.canReview && !yours,
          youSell: viewer.youSell,
          moderates: viewer.moderates ?? false,
        },
      };
    }
    const moderated = /^\/api\/review\/([^/]+)\/(hide|unhide)$/.exec(url);
    if (moderated && init?.method === 'PUT') {
      const index = reviews.findIndex((candidate) => candidate._id === moderated[1]);
      const reason = moderated[2] === 'hide' ? (JSON.parse(String(init.body)) as { reason: string }).reason : null;
      reviews[index] = { ...reviews[index]!, hidden: reason !== null, hiddenReason: reason };
      return { status: 200, body: reviews[index] };
    }
    if (url === '/api/review/addReview') {
      const body = JSON.parse(String(init?.body)) as { rating: number; text: string };
      posted.push(body);
      yours = review(9, { rating: body.rating, text: body.text, reviewer: { name: 'Me' } });
      return { status: 201, body: yours };
    }
    return { status: 404, body: { message: `unexpected ${url}` } };
  });
  return { posted };
}

describe('ProductReviews', () => {
  afterEach(cleanup);

  it('shows the average in words for screen readers, each review as plain text, and no form to a visitor', async () => {
    fakeServer({ canReview: false, youSell: false }, [review(4), review(5)]);
    renderAt(<ProductReviews productId="product_0001" />, '/downloads/Game');

    expect(await screen.findByText('4.5 out of 5 stars')).toBeTruthy();
    expect(screen.getByText('from 2 reviews')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Reviews, newest first' });
    expect(within(list).getByText('Review number 4, <b>as typed</b>')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Reply/ })).toBeNull();
  });

  it('marks a review verified only while its reviewer holds an active licence', async () => {
    fakeServer({ canReview: false, youSell: false }, [review(4), review(5, { verified: false })]);
    renderAt(<ProductReviews productId="product_0001" />, '/downloads/Game');

    const list = await screen.findByRole('list', { name: 'Reviews, newest first' });
    const [holder, refunded] = within(list).getAllByRole('listitem');
    expect(within(holder!).getByText('Verified buyer')).toBeTruthy();
    expect(within(refunded!).queryByText('Verified buyer')).toBeNull();
  });

  it('lets a buyer pick stars and write, checking both before sending', async () => {
    const { posted } = fakeServer({ canReview: true, youSell: false }, []);
    renderAt(<ProductReviews productId="product_0001" />, '/downloads/Game');

    const form = await screen.findByRole('form', { name: 'Write a review' });
    fireEvent.click(within(form).getByRole('button', { name: 'Post review' }));
    expect(within(form).getByText('Choose a rating from 1 to 5 stars')).toBeTruthy();
    expect(document.activeElement).toBe(within(form).getByRole('radio', { name: '1 star' }));
    expect(posted).toEqual([]);

    fireEvent.click(within(form).getByRole('radio', { name: '4 stars' }));
    fireEvent.change(within(form).getByLabelText(/Your review/), { target: { value: 'Solid template, quick to reskin.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Post review' }));

    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your review' })).toBeTruthy());
    expect(posted).toEqual([{ productId: 'product_0001', rating: 4, text: 'Solid template, quick to reskin.' }]);
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
  });

  it('marks the product page stale after a review is posted, so the rating under the title follows', async () => {
    fakeServer({ canReview: true, youSell: false }, [review(2)]);
    const { queryClient } = renderAt(<ProductReviews productId="product_0001" />, '/downloads/Game');
    const productPageKey = [PRODUCTS_QUERY_ROOT, 'catalogue', 'by-slug', 'Game'];
    queryClient.setQueryData(productPageKey, { rating: { average: 2, count: 1 } });

    const form = await screen.findByRole('form', { name: 'Write a review' });
    fireEvent.click(within(form).getByRole('radio', { name: '5 stars' }));
    fireEvent.change(within(form).getByLabelText(/Your review/), { target: { value: 'Much better than I hoped.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Post review' }));

    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your review' })).toBeTruthy());
    expect(queryClient.getQueryState(productPageKey)?.isInvalidated).toBe(true);
  });

  it('offers the seller a Reply under each review', async () => {
    fakeServer({ canReview: false, youSell: true }, [review(3)]);
    renderAt(<ProductReviews productId="product_0001" />, '/downloads/Game');

    fireEvent.click(await screen.findByRole('button', { name: 'Reply to Buyer 3' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Your reply to Buyer 3'));
  });

  it('lets an admin hide a review with a reason, still listed to them as hidden, and show it again', async () => {
    fakeServer({ canReview: false, youSell: false, moderates: true }, [review(2)]);
    renderAt(<ProductReviews productId="product_0001" />, '/downloads/Game');

    fireEvent.click(await screen.findByRole('button', { name: 'Hide the review by Buyer 2' }));
    fireEvent.change(screen.getByLabelText(/Why hide the review by Buyer 2/), { target: { value: 'Personal details' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hide review' }));

    expect(await screen.findByText('Hidden from buyers: Personal details')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show again the review by Buyer 2' }));
    await waitFor(() => expect(screen.queryByText(/Hidden from buyers/)).toBeNull());
    expect(screen.getByRole('button', { name: 'Hide the review by Buyer 2' })).toBeTruthy();
  });
});
