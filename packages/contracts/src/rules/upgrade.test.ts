import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_PAID_LINE_CENTS, upgradePrice } from '../index.js';

const listed = { listedSingleCents: 4000, listedMultiCents: 10000 };

describe('the price of a Single → Multi upgrade', () => {
  it('is the difference of the listed prices, or of the sale prices while a sale runs', () => {
    expect(upgradePrice({ ...listed, todaySingleCents: 4000, todayMultiCents: 10000 })).toEqual({ listCents: 6000, paidCents: 6000 });
    expect(upgradePrice({ ...listed, todaySingleCents: 3000, todayMultiCents: 7500 })).toEqual({ listCents: 6000, paidCents: 4500 });
  });

  it('is never brought below $0.50 by a sale, keeps a difference listed below it, and is free only when both cost the same', () => {
    const close = { listedSingleCents: 1000, listedMultiCents: 1060 };
    expect(upgradePrice({ ...close, todaySingleCents: 100, todayMultiCents: 106 })).toEqual({ listCents: 60, paidCents: 50 });
    const tiny = { listedSingleCents: 1000, listedMultiCents: 1030 };
    expect(upgradePrice({ ...tiny, todaySingleCents: 500, todayMultiCents: 515 })).toEqual({ listCents: 30, paidCents: 30 });
    const same = { listedSingleCents: 1000, listedMultiCents: 1000 };
    expect(upgradePrice({ ...same, todaySingleCents: 800, todayMultiCents: 800 })).toEqual({ listCents: 0, paidCents: 0 });
  });

  it('always makes a line the database accepts: paid between the floor and the list price', () => {
    const cents = fc.integer({ min: 0, max: 1_000_000 });
    fc.assert(
      fc.property(cents, cents, cents, cents, (a, b, c, d) => {
        const { listCents, paidCents } = upgradePrice({
          listedSingleCents: a,
          listedMultiCents: b,
          todaySingleCents: c,
          todayMultiCents: d,
        });
        expect(paidCents).toBeGreaterThanOrEqual(Math.min(listCents, MIN_PAID_LINE_CENTS));
        expect(paidCents).toBeLessThanOrEqual(listCents);
      }),
      { numRuns: 20 },
    );
  });
});
