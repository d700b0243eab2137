import { dollarsToCents, formatUsd } from '@market/contracts';

/** US dollars with two decimals, e.g. $49.00. */
export function formatPrice(dollars: number): string {
  return formatUsd(dollarsToCents(dollars));
}
