import { type CartLineAtPrice, discountLines, type DiscountTerms, LICENSE_TYPES, MIN_PAID_LINE_CENTS } from '@market/contracts';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const sellers = ['seller-a', 'seller-b', 'seller-c'];
const products = ['p1', 'p2', 'p3', 'p4', 'p5'];

const lineArbitrary: fc.Arbitrary<CartLineAtPrice> = fc.record({
  productId: fc.constantFrom(...products),
  sellerId: fc.constantFrom(...sellers),
  licenseType: fc.constantFrom(...LICENSE_TYPES),
  listCents: fc.oneof(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 10_000_000 })),
});

const termsArbitrary: fc.Arbitrary<DiscountTerms> = fc
  .record({
    // null: a platform code, which reaches every seller's lines.
    sellerId: fc.constantFrom<string | null>(...sellers, null),
    kind: fc.constantFrom('percent' as const, 'fixed' as const),
    percent: fc.integer({ min: 1, max: 100 }),
    cents: fc.integer({ min: 1, max: 10_000_000 }),
    productIds: fc.subarray(products),
    licenceTypes: fc.subarray([...LICENSE_TYPES], { minLength: 1 }),
    minSubtotalCents: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1_000_000 })),
  })
  .map(({ percent, cents, ...terms }) => ({ ...terms, amount: terms.kind === 'percent' ? percent : cents }));

/** Whether the terms name the line: its seller's, of the products (or all) and licence types they name. */
const named = (terms: DiscountTerms, line: CartLineAtPrice) =>
  (terms.sellerId === null || line.sellerId === terms.sellerId) &&
  (terms.productIds.length === 0 || terms.productIds.includes(line.productId)) &&
  terms.licenceTypes.includes(line.licenseType);

describe('what a discount code takes off a cart', () => {
  it("never touches another seller's line or a licence type it does not name, and never leaves a line below $0.50", () => {
    fc.assert(
      fc.property(termsArbitrary, fc.array(lineArbitrary, { maxLength: 12 }), (terms, lines) => {
        const off = discountLines(terms, lines);
        const wrong = lines.flatMap((line, index) => {
          const cents = off[index]!;
          return [
            !Number.isInteger(cents) || cents < 0 ? `line ${index}: ${cents} off` : null,
            !named(terms, line) && cents !== 0 ? `line ${index}: not named, ${cents} off` : null,
            // A line keeps at least $0.50, or its own price when that is less (a free line stays free).
            line.listCents - cents < Math.min(line.listCents, MIN_PAID_LINE_CENTS)
              ? `line ${index}: left at ${line.listCents - cents}`
              : null,
          ].filter((problem) => problem !== null);
        });
        expect(off).toHaveLength(lines.length);
        expect(wrong).toEqual([]);
      }),
    );
  });

  it('takes nothing off below the minimum subtotal of its lines, and a percent never more than that percent', () => {
    fc.assert(
      fc.property(termsArbitrary, fc.array(lineArbitrary, { maxLength: 12 }), (terms, lines) => {
        const off = discountLines(terms, lines);
        const subtotal = lines.reduce((sum, line) => sum + (named(terms, line) ? line.listCents : 0), 0);
        const belowMinimum = subtotal < terms.minSubtotalCents;
        expect(belowMinimum && off.some((cents) => cents > 0)).toBe(false);
        const percentCeiling = (line: CartLineAtPrice) =>
          terms.kind === 'percent' ? Math.round((line.listCents * terms.amount) / 100) : terms.amount;
        expect(lines.filter((line, index) => off[index]! > percentCeiling(line))).toEqual([]);
      }),
    );
  });
});
