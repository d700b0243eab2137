// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { summary } from '@/testProducts';
import { renderAt } from '@/test-utils';
import { HeroProducts } from './HeroProducts';

describe("the hero's products", () => {
  afterEach(cleanup);

  it("show a running sale's price against the struck-through listed price, and the listed price without one", () => {
    const sale = {
      percent: 10,
      startsAt: '2026-11-20T10:00:00.000Z',
      endsAt: '2026-11-30T10:00:00.000Z',
      singleAppLicense: 36,
      multiAppLicense: 90,
      lowestIn30Days: { singleAppLicense: 40, multiAppLicense: 100 },
    };
    renderAt(
      <HeroProducts
        title="Popular"
        pending={false}
        products={[summary(1, { singleAppLicense: 40, sale }), summary(2, { singleAppLicense: 25 })]}
      />,
    );
    const [onSale, listed] = screen.getAllByRole('link').map((link) => link.querySelector('.hero-product-price')!);
    expect(onSale!.textContent).toBe('Was $40.00, $36.00 −10%, 10% off');
    expect(onSale!.querySelector('s')).toBeTruthy();
    expect(listed!.textContent).toBe('$25.00');
  });
});
