import { bundleCeilingCents, MAX_BUNDLE_PRODUCTS, MIN_BUNDLE_CENTS, MIN_BUNDLE_PRODUCTS, splitBundlePrice } from '@market/contracts';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/** A bundle as a seller may make one: 2–20 list prices up to $100,000 and a price from $0.50 to 10% below their sum. */
const bundleArbitrary = fc
  .array(fc.oneof(fc.integer({ min: 1, max: 5_000 }), fc.integer({ min: 1, max: 10_000_000 })), {
    minLength: MIN_BUNDLE_PRODUCTS,
    maxLength: MAX_BUNDLE_PRODUCTS,
  })
  .filter((list) => bundleCeilingCents(list.reduce((sum, cents) => sum + cents, 0)) >= MIN_BUNDLE_CENTS)
  .chain((list) =>
    fc.record({
      list: fc.constant(list),
      price: fc.integer({ min: MIN_BUNDLE_CENTS, max: bundleCeilingCents(list.reduce((sum, cents) => sum + cents, 0)) }),
    }),
  );

describe("a bundle's price split across its products (docs/decisions/0011)", () => {
  it('splits $39.99 over $9.99, $14.99 and $30.01 by list price, the odd cents to the largest remainders', () => {
    // Saving $15.00: shares 272.50…, 408.89…, 818.60… cents; the two cents left go to the second and third.
    expect(splitBundlePrice([999, 1499, 3001], 3999)).toEqual([727, 1090, 2182]);
    // A tie: the earlier product takes the odd cent of the saving.
    expect(splitBundlePrice([1000, 1000, 1000], 2000)).toEqual([666, 667, 667]);
    expect(splitBundlePrice([500, 500], 1000)).toEqual([500, 500]);
  });

  it('always adds up to the bundle’s price, never charges a product more than its list price or less than nothing, and follows the list prices', () => {
    fc.assert(
      fc.property(bundleArbitrary, ({ list, price }) => {
        const paid = splitBundlePrice(list, price);
        const sum = list.reduce((total, cents) => total + cents, 0);
        expect(paid.reduce((total, cents) => total + cents, 0)).toBe(price);
        paid.forEach((cents, index) => {
          expect(Number.isInteger(cents)).toBe(true);
          expect(cents).toBeGreaterThanOrEqual(0);
          expect(cents).toBeLessThanOrEqual(list[index]!);
          // Within a cent of the exact proportional share of the saving.
          expect(Math.abs(list[index]! - cents - ((sum - price) * list[index]!) / sum)).toBeLessThan(1);
        });
      }),
      { numRuns: 20 },
    );
  });
});
