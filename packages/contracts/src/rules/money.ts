import { WITHDRAWAL_FEE_PERCENT } from '../limits.js';

/** Money travels as US dollars (numbers) and is kept as integer cents. */
export type Cents = number;

export function dollarsToCents(dollars: number): Cents {
  // Round on the decimal string so 19.99 becomes 1999, not 1998.9999. A number JavaScript writes with
  // an exponent (5e-324, 1e21) has its exponent moved instead: "5e-324e2" would be NaN, stored as NULL.
  const [digits, exponent = '0'] = String(dollars).split('e');
  return Math.round(Number(`${digits}e${Number(exponent) + 2}`));
}

export function centsToDollars(cents: Cents): number {
  return Number((cents / 100).toFixed(2));
}

/**
 * Cents as US dollars with two decimals and thousands separators: 123456 is "$1,234.56", -5 is
 * "-$0.05", as Intl's en-US currency format writes them. By hand because the first Intl format a
 * page makes loads the locale data: about 40 ms on a desktop's main thread as the storefront loads.
 */
export function formatUsd(cents: Cents): string {
  const whole = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = cents < 0 && whole > 0 ? '-' : '';
  return `${sign}$${dollars}.${String(whole % 100).padStart(2, '0')}`;
}

/** What a seller receives of a withdrawal once the fee is taken (the admin's figure). */
export function payoutAfterFee(withdrawCents: Cents): Cents {
  return Math.round((withdrawCents * (100 - WITHDRAWAL_FEE_PERCENT)) / 100);
}

export interface SellerBalance {
  earnings: Cents;
  pendingWithdrawals: Cents;
  withdrawn: Cents;
}

export function availableBalance({ earnings, pendingWithdrawals, withdrawn }: SellerBalance): Cents {
  return earnings - pendingWithdrawals - withdrawn;
}
