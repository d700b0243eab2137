// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { summary } from '@/testProducts';
import { currentNotice } from '@/components/notice/notices';
import { renderAt } from '@/test-utils';
import { WishlistView } from './WishlistView';

const line = (n: number) => ({ ...summary(n), selectedLicense: 'Multi App License', isReskin: 'false' });
const item = (title: string) => within(screen.getByRole('heading', { name: title }).closest('li') as HTMLElement);
const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? '[]') as { _id: string }[];

describe('WishlistView', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('says the wishlist is empty', () => {
    renderAt(<WishlistView />);
    expect(screen.getByText('No Products In Wishlist')).toBeTruthy();
  });

  it('moves a product to the cart, refuses one the cart has already, and removes one', () => {
    localStorage.setItem('whishList', JSON.stringify([line(1), line(2), line(3)]));
    localStorage.setItem('cartProduct', JSON.stringify([line(2)]));
    renderAt(<WishlistView />);

    fireEvent.click(item('Game Number 1').getByRole('button', { name: 'Move to cart' }));
    expect(currentNotice()?.text).toBe('Moved To Cart Successfully');
    expect(stored('cartProduct').map((product) => product._id)).toEqual(['product_0002', 'product_0001']);

    fireEvent.click(item('Game Number 2').getByRole('button', { name: 'Move to cart' }));
    expect(currentNotice()?.text).toBe('product already exists');

    fireEvent.click(item('Game Number 3').getByRole('button', { name: 'Remove' }));
    expect(stored('whishList').map((product) => product._id)).toEqual(['product_0002']);
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it("keeps focus on the list: the next line's same button after one leaves, the heading after the last", () => {
    localStorage.setItem('whishList', JSON.stringify([line(1), line(2)]));
    renderAt(
      <>
        <h1>Wishlist</h1>
        <WishlistView />
      </>,
    );

    fireEvent.click(item('Game Number 1').getByRole('button', { name: 'Move to cart' }));
    expect(document.activeElement).toBe(item('Game Number 2').getByRole('button', { name: 'Move to cart' }));

    fireEvent.click(item('Game Number 2').getByRole('button', { name: 'Remove' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Wishlist' }));
  });
});
