import { cartTotal, dollarsToCents, licencePrice, type Cents, type LicenseType, type PricedLine } from '@market/contracts';

interface PricedItem {
  selectedLicense: LicenseType;
  singleAppLicense: number;
  multiAppLicense: number;
  /** A sale running on the product when it was last read: its prices are the ones charged. */
  sale?: { singleAppLicense: number; multiAppLicense: number } | undefined;
}

function pricedLine(item: PricedItem): PricedLine {
  const prices = item.sale ?? item;
  return {
    licenseType: item.selectedLicense,
    singleAppLicenseCents: dollarsToCents(prices.singleAppLicense),
    multiAppLicenseCents: dollarsToCents(prices.multiAppLicense),
  };
}

/** The price of the line's chosen licence. */
export function lineCents(item: PricedItem): Cents {
  return licencePrice(pricedLine(item));
}

/** docs/product-spec.md §9: the chosen licence price of every line; reskin prices are shown, never added. */
export function cartTotalCents(items: readonly PricedItem[]): Cents {
  return cartTotal(items.map(pricedLine));
}
