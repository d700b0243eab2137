import { LICENSE_TYPES, type Discount, type DiscountState } from '@market/contracts';
import { formatDateTime, formatDollars } from '@/lib/format';

/** "25% off", "$10.00 off each licence". */
export function takesOff(discount: Pick<Discount, 'kind' | 'amount'>): string {
  return discount.kind === 'percent' ? `${discount.amount}% off` : `${formatDollars(discount.amount)} off each licence`;
}

/** The code's conditions beyond its amount, one short phrase each. */
export function conditionsOf(discount: Discount): string[] {
  const conditions: string[] = [];
  if (discount.licenceTypes.length < LICENSE_TYPES.length) conditions.push(`${discount.licenceTypes.join(', ')} only`);
  if (discount.minSubtotal > 0) conditions.push(`On ${formatDollars(discount.minSubtotal)} or more`);
  if (discount.onePerBuyer) conditions.push('Once per buyer');
  return conditions;
}

/** "All your products" (or `allProducts`), the names of up to three, or how many; none left when the products it named were all deleted. */
export function productsText(
  productIds: readonly string[],
  titles: ReadonlyMap<string, string> | undefined,
  namesProducts = false,
  allProducts = 'All your products',
): string {
  if (productIds.length === 0) return namesProducts ? 'None left: its products were deleted' : allProducts;
  const names = productIds.map((id) => titles?.get(id));
  if (productIds.length <= 3 && names.every((name) => name !== undefined)) return names.join(', ');
  return productIds.length === 1 ? '1 product' : `${productIds.length} products`;
}

/** "3 of 10", or "3" for a code without a limit. */
export function usesText(discount: Pick<Discount, 'redemptions' | 'maxRedemptions'>): string {
  return discount.maxRedemptions === null ? String(discount.redemptions) : `${discount.redemptions} of ${discount.maxRedemptions}`;
}

export const STATE_LABELS: Record<DiscountState, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Expired',
  paused: 'Paused',
  'used up': 'Used up',
};

export const STATE_BADGES: Record<DiscountState, string> = {
  active: 'text-bg-success',
  scheduled: 'text-bg-info',
  expired: 'text-bg-secondary',
  paused: 'text-bg-warning',
  'used up': 'text-bg-dark',
};

/** When the code starts or ends, as its state makes worth saying; '' when it has no dates that matter. */
export function datesText(discount: Discount): string {
  if (discount.state === 'scheduled' && discount.startsAt) return `Starts ${formatDateTime(discount.startsAt)}`;
  if (discount.state === 'expired' && discount.endsAt) return `Ended ${formatDateTime(discount.endsAt)}`;
  if (discount.endsAt) return `Ends ${formatDateTime(discount.endsAt)}`;
  return '';
}
