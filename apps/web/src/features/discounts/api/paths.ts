import { apiPath, API_PATHS, type DiscountScope } from '@market/contracts';

/** Where a scope's codes live: a seller's at /api/discount, the platform's (admins) at /api/discount/platform. */
export function discountsPath(scope: DiscountScope): string {
  return scope === 'platform' ? API_PATHS.discount.platform : API_PATHS.discount.list;
}

export function discountPath(scope: DiscountScope, id: string): string {
  return apiPath(scope === 'platform' ? API_PATHS.discount.platformOne : API_PATHS.discount.one, { id });
}
