import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  authorToSlug,
  availableBalance,
  cartTotal,
  centsToDollars,
  cutCardTitle,
  dollarsToCents,
  compareVersions,
  downloadWindow,
  formatUsd,
  headerName,
  payoutAfterFee,
  slugToAuthor,
  slugToTitle,
  titleToSlug,
} from '../index.js';

describe('money', () => {
  it('turns dollars into whole cents without float drift', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(centsToDollars(1999)).toBe(19.99);
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(100_000_000)).toBe('$1,000,000.00');
    expect(formatUsd(5)).toBe('$0.05');
  });

  it('turns any finite amount into the nearest whole cents, however JavaScript writes the number', () => {
    // 5e-324 passed every check of a form's minimum and became NaN, which the database stored as NULL.
    expect([5e-324, 1e-7, -1e-7, 1e21, 1.5e-2].map(dollarsToCents)).toEqual([0, 0, -0, 1e23, 2]);
    fc.assert(
      fc.property(fc.double({ min: -1e15, max: 1e15, noNaN: true }), (dollars) => {
        const cents = dollarsToCents(dollars);
        expect(Number.isInteger(cents)).toBe(true);
        expect(Math.abs(cents - dollars * 100)).toBeLessThanOrEqual(0.5 + Math.abs(dollars) * 1e-12);
      }),
    );
    fc.assert(fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => dollarsToCents(cents / 100) === cents));
  });

  it('writes amounts as Intl’s en-US currency format does, negatives and fractions of a cent included', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const amounts = [0, 1, 99, 100, 999_99, 1000_00, 123_456_789_01, -5, -1234_56, 12.4, 12.6, 1_000_000_000_00];
    for (let seed = 1; seed < 500; seed += 1) amounts.push(((seed * 7919) ** 3 % 1e11) * (seed % 3 === 0 ? -1 : 1));
    expect(amounts.map((cents) => [cents, formatUsd(cents)])).toEqual(
      amounts.map((cents) => [cents, intl.format(Math.round(cents) / 100)]),
    );
  });

  it('shows the admin the withdrawal minus the 8% fee, to the cent', () => {
    expect(payoutAfterFee(10000)).toBe(9200);
    expect(payoutAfterFee(1999)).toBe(1839);
    expect(payoutAfterFee(1)).toBe(1);
  });

  it('keeps as balance what was earned and not yet asked for or paid out', () => {
    expect(availableBalance({ earnings: 50000, pendingWithdrawals: 12000, withdrawn: 8000 })).toBe(30000);
  });
});

const hours = (count: number) => count * 3600 * 1000;

describe('licences', () => {
  const purchasedAt = new Date('2026-03-01T12:00:00.000Z');

  const at = (offsetMs: number) => new Date(purchasedAt.getTime() + offsetMs);

  it('keeps a single-app download open for 8 hours and a multi-app one for 24', () => {
    expect(downloadWindow('Single App License', purchasedAt, [], purchasedAt).endsAt.toISOString()).toBe('2026-03-01T20:00:00.000Z');
    expect(downloadWindow('Multi App License', purchasedAt, [], purchasedAt).endsAt.toISOString()).toBe('2026-03-02T12:00:00.000Z');
  });

  it('closes the window one second after it ends', () => {
    expect(downloadWindow('Single App License', purchasedAt, [], at(hours(8))).open).toBe(true);
    expect(downloadWindow('Single App License', purchasedAt, [], at(hours(8) + 1000)).open).toBe(false);
    expect(downloadWindow('Multi App License', purchasedAt, [], at(hours(8) + 1000)).open).toBe(true);
  });

  it('opens the window again, for as long, from each later release, and not before it is published', () => {
    const releases = [at(-hours(100)), at(hours(1000)), at(hours(5000))];
    const single = (now: Date) => downloadWindow('Single App License', purchasedAt, releases, now);
    expect(single(at(hours(999)))).toEqual({ open: false, endsAt: at(hours(8)) });
    expect(single(at(hours(1000)))).toEqual({ open: true, endsAt: at(hours(1008)) });
    expect(single(at(hours(1008)))).toEqual({ open: true, endsAt: at(hours(1008)) });
    expect(single(at(hours(1008) + 1))).toEqual({ open: false, endsAt: at(hours(1008)) });
    expect(downloadWindow('Multi App License', purchasedAt, releases, at(hours(1023))).open).toBe(true);
  });

  it('totals the chosen licence price of each line and never the reskin price', () => {
    const lines = [
      { licenseType: 'Single App License', singleAppLicenseCents: 4900, multiAppLicenseCents: 9900 },
      { licenseType: 'Multi App License', singleAppLicenseCents: 2000, multiAppLicenseCents: 5000 },
    ] as const;
    expect(cartTotal(lines)).toBe(9900);
    expect(cartTotal([])).toBe(0);
  });
});

describe('slugs and cut texts', () => {
  it('maps titles to detail-page slugs and back as docs/product-spec.md says', () => {
    expect(titleToSlug('Space  Shooter\tDeluxe')).toBe('Space-Shooter-Deluxe');
    expect(slugToTitle('Space-Shooter-Deluxe')).toBe('Space Shooter Deluxe');
    expect(slugToAuthor(authorToSlug('Pixel Forge Studio'))).toBe('Pixel Forge Studio');
  });

  it('cuts card titles at 21 characters on large screens and 13 on small ones', () => {
    expect(cutCardTitle('Exactly twenty-one ch', 'large')).toBe('Exactly twenty-one ch');
    expect(cutCardTitle('Twenty-two characters!', 'large')).toBe('Twenty-two characters...');
    expect(cutCardTitle('Thirteen char', 'small')).toBe('Thirteen char');
    expect(cutCardTitle('Fourteen chars', 'small')).toBe('Fourteen char.');
  });

  it('shows at most the first 10 characters of a name in the header', () => {
    expect(headerName('Alexandria Ocasio')).toBe('Alexandria');
    expect(headerName('Ann')).toBe('Ann');
  });
});

describe('versions', () => {
  it('orders versions by number, part by part', () => {
    expect(compareVersions('1.2.0', '1.10.0')).toBeLessThan(0);
    expect(compareVersions('2.0.0', '1.99.99')).toBeGreaterThan(0);
    expect(compareVersions('1.0.10', '1.0.9')).toBeGreaterThan(0);
    expect(compareVersions('3.1.4', '3.1.4')).toBe(0);
  });
});
