// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { summary } from '@/testProducts';
import { notifyCartChanged } from '@/features/cart';
import { renderAt } from '@/test-utils';
import { CartLink } from './CartLink';

const badge = () => screen.queryByTestId('cart-badge');
const line = (n: number) => ({ ...summary(n), selectedLicense: 'Single App License', isReskin: 'false' });

describe('CartLink', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('links to the cart and hides the badge when the cart is empty', () => {
    renderAt(<CartLink />);
    expect(screen.getByRole('link', { name: 'Cart' }).getAttribute('href')).toBe('/cart-products');
    expect(badge()).toBeNull();
  });

  it('shows the number of items in cartProduct', () => {
    localStorage.setItem('cartProduct', JSON.stringify([line(1), line(2)]));
    renderAt(<CartLink />);
    expect(badge()?.textContent).toBe('2');
    expect(screen.getByRole('link', { name: 'Cart, 2 items' })).toBeTruthy();
  });

  it('follows changes made in this tab and in other tabs', () => {
    renderAt(<CartLink />);

    act(() => {
      localStorage.setItem('cartProduct', JSON.stringify([line(1)]));
      notifyCartChanged();
    });
    expect(badge()?.textContent).toBe('1');

    act(() => {
      localStorage.setItem('cartProduct', '[]');
      window.dispatchEvent(new StorageEvent('storage', { key: 'cartProduct' }));
    });
    expect(badge()).toBeNull();
  });

  it('treats a corrupt cart as empty', () => {
    localStorage.setItem('cartProduct', '{not json');
    renderAt(<CartLink />);
    expect(badge()).toBeNull();
  });
});
