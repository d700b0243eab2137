import { describe, expect, it } from 'vitest';
import { formatDate, formatDayUtc, formatDollars } from './format';

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

describe('formatDayUtc', () => {
  it('writes the UTC day as Intl does in en-US, whatever the local zone', () => {
    const utcDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    for (const iso of ['2026-01-01T00:00:00.000Z', '2026-11-25T23:59:59.999Z', '2024-02-29T12:00:00.000Z', '2027-09-09T05:00:00.000Z']) {
      expect(formatDayUtc(iso)).toBe(utcDay.format(new Date(iso)));
    }
    expect(formatDayUtc('not a time')).toBe('');
  });
});
