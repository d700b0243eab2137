import { MIN_PAID_LINE_CENTS } from './discount.js';
import type { Cents } from './money.js';

/** A product's two licence prices: as listed, and as charged today (a running sale's, or the listed ones). */
export interface UpgradePrices {
  listedSingleCents: Cents;
  listedMultiCents: Cents;
  todaySingleCents: Cents;
  todayMultiCents: Cents;
}

/**
 * Single → Multi upgrade (docs/decisions/0010): the difference of the two licences' prices. Listed,
 * it is the upgrade line's list price; charged, it is the difference of today's prices, a running
 * sale's included. As on every checkout line (docs/decisions/0009), what a sale takes off never brings
 * it below $0.50, and a difference listed below $0.50 is charged as listed; nothing is free unless the
 * two licences cost the same.
 */
export function upgradePrice(prices: UpgradePrices): { listCents: Cents; paidCents: Cents } {
  const listCents = Math.max(0, prices.listedMultiCents - prices.listedSingleCents);
  const todayCents = Math.max(0, prices.todayMultiCents - prices.todaySingleCents);
  const off = Math.max(0, Math.min(listCents - todayCents, listCents - MIN_PAID_LINE_CENTS));
  return { listCents, paidCents: listCents - off };
}
