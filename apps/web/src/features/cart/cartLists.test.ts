// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { summary } from '@/testProducts';
import {
  ADDED_TO_CART,
  ALREADY_EXISTS,
  MOVED_TO_CART,
  addToCart,
  addToWishlist,
  changeCartLicense,
  clearCart,
  moveWishlistItemToCart,
  readList,
  removeFromCart,
} from './cartLists';
import { CART_KEY, WISHLIST_KEY } from './cartStorage';
import { cartTotalCents } from './cartTotals';

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as { _id: string; selectedLicense: string }[];

describe('cart and wishlist lists', () => {
  beforeEach(() => localStorage.clear());

  it('adds a product once with its licence and reskin flag as text, and refuses a duplicate', () => {
    expect(addToCart(summary(1), { license: 'Multi App License', isReskin: true })).toEqual({ added: true, message: ADDED_TO_CART });
    expect(addToCart(summary(1))).toEqual({ added: false, message: ALREADY_EXISTS });
    expect(stored(CART_KEY)).toHaveLength(1);
    expect(stored(CART_KEY)[0]).toMatchObject({ _id: 'product_0001', selectedLicense: 'Multi App License', isReskin: 'true' });
  });

  it('removes a line, changes its licence and clears the cart', () => {
    addToCart(summary(1));
    addToCart(summary(2));
    changeCartLicense('product_0002', 'Multi App License');
    expect(stored(CART_KEY).map((item) => item.selectedLicense)).toEqual(['Single App License', 'Multi App License']);
    removeFromCart('product_0001');
    expect(stored(CART_KEY).map((item) => item._id)).toEqual(['product_0002']);
    clearCart();
    expect(stored(CART_KEY)).toEqual([]);
  });

  it('moves a wishlist line into the cart with its licence, but keeps it saved when the cart has it already', () => {
    addToWishlist(summary(1), { license: 'Multi App License' });
    addToWishlist(summary(2));
    addToCart(summary(2));

    expect(moveWishlistItemToCart('product_0001')).toEqual({ added: true, message: MOVED_TO_CART });
    expect(stored(CART_KEY).find((item) => item._id === 'product_0001')?.selectedLicense).toBe('Multi App License');
    expect(moveWishlistItemToCart('product_0002')).toEqual({ added: false, message: ALREADY_EXISTS });
    expect(stored(WISHLIST_KEY).map((item) => item._id)).toEqual(['product_0002']);
  });

  it('reads corrupt storage and foreign entries as nothing, and answers the same array while storage is unchanged', () => {
    localStorage.setItem(CART_KEY, '{not json');
    expect(readList(CART_KEY)).toEqual([]);
    localStorage.setItem(
      CART_KEY,
      JSON.stringify([{ _id: 'x' }, 'text', { ...summary(3), selectedLicense: 'Single App License', isReskin: 'false' }]),
    );
    const first = readList(CART_KEY);
    expect(first.map((item) => item._id)).toEqual(['product_0003']);
    expect(readList(CART_KEY)).toBe(first);
  });
});

describe('cart total', () => {
  it('adds the chosen licence price of every line in cents and never the reskin price', () => {
    const lines = [
      { selectedLicense: 'Single App License', singleAppLicense: 19.99, multiAppLicense: 49.99, reskinPrice: 150 },
      { selectedLicense: 'Multi App License', singleAppLicense: 0.1, multiAppLicense: 0.2, reskinPrice: 10 },
    ] as const;
    expect(cartTotalCents(lines)).toBe(1999 + 20);
    expect(cartTotalCents([])).toBe(0);
  });
});
