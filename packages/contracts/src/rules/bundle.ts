import type { Cents } from './money.js';

/** A bundle holds this many of its seller's products (docs/decisions/0011). */
export const MIN_BUNDLE_PRODUCTS = 2;
export const MAX_BUNDLE_PRODUCTS = 20;
/** A bundle's price is at least this percent below the sum of its products' list prices, per licence type. */
export const BUNDLE_SAVING_PERCENT = 10;
/** Below this a card fee would exceed what the seller receives (as MIN_PAID_LINE_CENTS for a line). */
export const MIN_BUNDLE_CENTS = 50;

/** The highest price a bundle may ask of a licence type: the sum of its products' list prices less 10%, rounded down to the cent. */
export function bundleCeilingCents(sumCents: Cents): Cents {
  return Math.floor((sumCents * (100 - BUNDLE_SAVING_PERCENT)) / 100);
}

/**
 * What each product of a bundle paid (docs/decisions/0011): the bundle's saving (sum − price) is
 * split in proportion to the products' list prices, each share rounded down, and the cents left
 * over go one each to the largest remainders (the earlier product on a tie), so the paid cents add
 * up to the bundle's price exactly and none is below zero. Integer arithmetic throughout: list
 * prices are at most $100,000 and a bundle holds 20, so no product of two figures passes 2^53.
 */
export function splitBundlePrice(listCents: readonly Cents[], priceCents: Cents): Cents[] {
  const sum = listCents.reduce((total, cents) => total + cents, 0);
  if (priceCents > sum) throw new RangeError('A bundle cannot cost more than its products');
  if (sum === 0) return listCents.map(() => 0);
  const saving = sum - priceCents;
  const shares = listCents.map((cents, index) => ({
    index,
    share: Math.floor((saving * cents) / sum),
    remainder: (saving * cents) % sum,
  }));
  let left = saving - shares.reduce((total, { share }) => total + share, 0);
  const byRemainder = [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const entry of byRemainder) {
    if (left === 0) break;
    entry.share += 1;
    left -= 1;
  }
  return shares.map(({ index, share }) => listCents[index]! - share);
}
