import type { LicenseType } from '../enums.js';
import type { Cents } from './money.js';

/** A paid licence line is never cheaper than this, whatever the code; a free product stays free. */
export const MIN_PAID_LINE_CENTS = 50;

export type DiscountKind = 'percent' | 'fixed';

/** What a code takes off, and of which lines: the seller's own products (some or all) and licence types. */
export interface DiscountTerms {
  /** Whose lines it reaches; null for a platform code, which reaches every seller's. */
  sellerId: string | null;
  kind: DiscountKind;
  /** Percent 1–100, or cents off each line it applies to. */
  amount: number;
  /** Empty: every product of the seller (of every seller, for a platform code). */
  productIds: readonly string[];
  licenceTypes: readonly LicenseType[];
  minSubtotalCents: Cents;
}

export interface CartLineAtPrice {
  productId: string;
  sellerId: string;
  licenseType: LicenseType;
  listCents: Cents;
}

/** Whether the code's terms reach the line: only its own seller's products (any seller's for a platform code), of the licence types it names. */
export function discountReaches(terms: DiscountTerms, line: CartLineAtPrice): boolean {
  return (
    (terms.sellerId === null || line.sellerId === terms.sellerId) &&
    (terms.productIds.length === 0 || terms.productIds.includes(line.productId)) &&
    terms.licenceTypes.includes(line.licenseType)
  );
}

/** Cents off one line: a percent rounds to the cent, and no line goes below MIN_PAID_LINE_CENTS. */
export function lineDiscount(terms: Pick<DiscountTerms, 'kind' | 'amount'>, listCents: Cents): Cents {
  const wanted = terms.kind === 'percent' ? Math.round((listCents * terms.amount) / 100) : terms.amount;
  const mostOff = Math.max(0, listCents - MIN_PAID_LINE_CENTS);
  return Math.max(0, Math.min(wanted, mostOff));
}

/**
 * Each line's discount under the terms, in the cart's order: zero for lines the code does not
 * reach, and zero everywhere when the lines it reaches add up to less than its minimum subtotal.
 */
export function discountLines(terms: DiscountTerms, lines: readonly CartLineAtPrice[]): Cents[] {
  const reached = lines.map((line) => discountReaches(terms, line));
  const subtotal = lines.reduce((sum, line, index) => sum + (reached[index] ? line.listCents : 0), 0);
  if (subtotal === 0 || subtotal < terms.minSubtotalCents) return lines.map(() => 0);
  return lines.map((line, index) => (reached[index] ? lineDiscount(terms, line.listCents) : 0));
}

/** A licence's price during a sale: the percent off, rounded to the cent, never below $0.50 (a lower price stays as it is). */
export function salePriceCents(listCents: Cents, percent: number): Cents {
  return listCents - lineDiscount({ kind: 'percent', amount: percent }, listCents);
}
