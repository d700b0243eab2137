import { WITHDRAWAL_FEE_PERCENT } from '../limits.js';

/** Money travels as US dollars (numbers) and is kept as integer cents. */
export type Cents = number;

export function dollarsToCents(dollars: number): Cents {
  // Round on the decimal string so 19.99 becomes 1999, not 1998.9999.
  return Math.round(Number(`${dollars}e2`));
}

export function centsToDollars(cents: Cents): number {
  return Number((cents / 100).toFixed(2));
}

const usdFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Cents as US dollars with two decimals and thousands separators: 123456 is "$1,234.56". */
export function formatUsd(cents: Cents): string {
  return usdFormat.format(cents / 100);
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
