import { dollarsToCents, type Bundle, type LicenseType } from '@market/contracts';
import { formatCents } from '@/lib/format';

export const bundlePath = (bundle: Pick<Bundle, '_id'>) => `/bundle/${bundle._id}`;

/** The bundle's price, its products' listed sum and what buying it saves, for a licence type, in cents. */
export function bundleFigures(bundle: Pick<Bundle, 'singleAppLicense' | 'multiAppLicense' | 'listed'>, license: LicenseType) {
  const multi = license === 'Multi App License';
  const priceCents = dollarsToCents(multi ? bundle.multiAppLicense : bundle.singleAppLicense);
  const listedCents = dollarsToCents(multi ? bundle.listed.multiAppLicense : bundle.listed.singleAppLicense);
  const savingCents = Math.max(0, listedCents - priceCents);
  return {
    price: formatCents(priceCents),
    listed: formatCents(listedCents),
    saving: formatCents(savingCents),
    // Rounded down: a bundle at exactly 10% below never claims 11%.
    percent: listedCents > 0 ? Math.floor((savingCents * 100) / listedCents) : 0,
  };
}
