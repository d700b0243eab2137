import type { LicenseType } from '../enums.js';
import { DOWNLOAD_WINDOW_HOURS } from '../limits.js';
import type { Cents } from './money.js';

const HOUR_MS = 60 * 60 * 1000;

export function downloadWindowEndsAt(licenseType: LicenseType, purchasedAt: Date): Date {
  return new Date(purchasedAt.getTime() + DOWNLOAD_WINDOW_HOURS[licenseType] * HOUR_MS);
}

/** The window is open up to and including its last millisecond. */
export function isDownloadOpen(licenseType: LicenseType, purchasedAt: Date, now: Date): boolean {
  return now.getTime() <= downloadWindowEndsAt(licenseType, purchasedAt).getTime();
}

export interface PricedLine {
  licenseType: LicenseType;
  singleAppLicenseCents: Cents;
  multiAppLicenseCents: Cents;
}

export function licencePrice(line: PricedLine): Cents {
  return line.licenseType === 'Multi App License' ? line.multiAppLicenseCents : line.singleAppLicenseCents;
}

/** Cart total: the chosen licence price of every line; reskin prices are not added (SPEC.md 9). */
export function cartTotal(lines: readonly PricedLine[]): Cents {
  return lines.reduce((total, line) => total + licencePrice(line), 0);
}
