// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { ProductSale } from '@market/contracts';
import { summary } from '@/testProducts';
import { renderAt } from '@/test-utils';
import type { CartItem } from '@/features/cart';
import { ProductLine } from './ProductLine';

const sale: ProductSale = {
  percent: 25,
  startsAt: '2026-11-20T10:00:00.000Z',
  endsAt: '2026-11-30T10:00:00.000Z',
  singleAppLicense: 30,
  multiAppLicense: 75,
  lowestIn30Days: { singleAppLicense: 40, multiAppLicense: 100 },
};

const item = (overrides: Partial<CartItem> = {}): CartItem => ({
  ...summary(1, { singleAppLicense: 40, multiAppLicense: 100 }),
  selectedLicense: 'Multi App License',
  isReskin: 'false',
  ...overrides,
});

function priceOf(line: CartItem, discount?: { code: string; listCents: number; priceCents: number }) {
  renderAt(
    <ul>
      <ProductLine item={line} actions={null} discount={discount ?? null} />
    </ul>,
  );
  return document.querySelector('.product-line-price') as HTMLElement;
}

describe('a cart line', () => {
  afterEach(cleanup);

  it("shows a running sale: the chosen licence's listed price struck through, the sale's price and the percent off", () => {
    const price = priceOf(item({ sale }));
    expect(price.querySelector('s')?.textContent).toBe('Was $100.00');
    expect(price.querySelector('.sale-price-now')?.textContent).toBe('$75.00');
    expect(price.querySelector('.sale-badge')?.textContent).toBe('−25%');
    expect(price.textContent).toBe('Was $100.00, $75.00 −25%, 25% off');
  });

  it("takes a code's part off the sale's price and says so", () => {
    const price = priceOf(item({ sale }), { code: 'SPRING', listCents: 7500, priceCents: 6000 });
    expect(price.querySelector('s')?.textContent).toBe('Was $100.00');
    expect(price.querySelector('.sale-price-now')?.textContent).toBe('$60.00');
    expect(screen.getByText('−$15.00 with SPRING')).toBeTruthy();
  });

  it('shows one price without a sale', () => {
    const price = priceOf(item());
    expect(price.textContent).toBe('$100.00');
    expect(price.querySelector('s')).toBeNull();
  });
});
