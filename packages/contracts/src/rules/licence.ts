import type { LicenseType } from '../enums.js';
import { DOWNLOAD_WINDOW_HOURS } from '../limits.js';
import type { Cents } from './money.js';

const HOUR_MS = 60 * 60 * 1000;

export interface DownloadWindow {
  open: boolean;
  /** The end of the window open now, or of the last one that opened. */
  endsAt: Date;
}

/**
 * A purchase may be downloaded for 8 h (Single) or 24 h (Multi) from the purchase (docs/product-spec.md §9), and
 * again, for as long, from the publication of each later release. Publications still to
 * come open nothing yet. A window is open up to and including its last millisecond.
 */
export function downloadWindow(
  licenseType: LicenseType,
  purchasedAt: Date,
  releasesPublishedAt: readonly Date[],
  now: Date,
): DownloadWindow {
  let openedAt = purchasedAt.getTime();
  for (const published of releasesPublishedAt) {
    const time = published.getTime();
    if (time > openedAt && time <= now.getTime()) openedAt = time;
  }
  const endsAt = new Date(openedAt + DOWNLOAD_WINDOW_HOURS[licenseType] * HOUR_MS);
  return { open: now.getTime() <= endsAt.getTime(), endsAt };
}

export interface PricedLine {
  licenseType: LicenseType;
  singleAppLicenseCents: Cents;
  multiAppLicenseCents: Cents;
}

export function licencePrice(line: PricedLine): Cents {
  return line.licenseType === 'Multi App License' ? line.multiAppLicenseCents : line.singleAppLicenseCents;
}

/** Cart total: the chosen licence price of every line; reskin prices are not added (docs/product-spec.md §9). */
export function cartTotal(lines: readonly PricedLine[]): Cents {
  return lines.reduce((total, line) => total + licencePrice(line), 0);
}
