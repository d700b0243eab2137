import { describe, expect, it } from 'vitest';
import { formatDate, formatDollars } from './format';

describe('formatDollars', () => {
  it('shows a million dollars with thousands separators and cents', () => {
    expect(formatDollars(1_000_000)).toBe('$1,000,000.00');
  });

  it('keeps the cents of a price the API sends in dollars', () => {
    expect(formatDollars(19.99)).toBe('$19.99');
  });

  it('shows an em dash where a product has no price for that licence', () => {
    expect(formatDollars(null)).toBe('—');
  });
});

describe('formatDate', () => {
  it('shows nothing for a missing or broken time rather than "Invalid Date"', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a time')).toBe('');
  });
});
