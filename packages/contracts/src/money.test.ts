import { describe, expect, it } from 'vitest';
import { availableBalance, dollarsToCents, payoutAfterFee, withdrawAmountSchema } from './index.js';

describe('withdrawal amounts', () => {
  it.each([10, 0.01, 19.99, '25.50', ' 7 '])('accepts %j', (amount) => {
    expect(withdrawAmountSchema.safeParse(amount).success).toBe(true);
  });

  it.each([0, -1, 1.001, 5e-324, 0.000001, 'abc', '', '1e3', Infinity, Number.NaN, true, null, 2_000_000])('refuses %j', (amount) => {
    expect(withdrawAmountSchema.safeParse(amount).success).toBe(false);
  });

  it('keeps the fee and the balance exact in cents for amounts that drift as floats', () => {
    const amount = withdrawAmountSchema.parse('0.29');
    expect(dollarsToCents(amount)).toBe(29);
    expect(payoutAfterFee(dollarsToCents(amount))).toBe(27);
    expect(
      availableBalance({ earnings: dollarsToCents(0.3), pendingWithdrawals: dollarsToCents(0.1), withdrawn: dollarsToCents(0.2) }),
    ).toBe(0);
  });
});
