import type { LicenseType } from '../enums.js';

/**
 * What each licence allows, written once: the product page, the cart, the licences page and the
 * certificate all show these words. Free of zod, so the product page's chunk can hold them.
 */
export const LICENCE_TERMS: Record<LicenseType, { summary: string; may: readonly string[]; mayNot: readonly string[] }> = {
  'Single App License': {
    summary: 'One end product: one app or game listing in one store account.',
    may: ['Use the source code in one end product (one app or game listing in one store account)', 'Modify the source code'],
    mayNot: ['Resell, share or give away the source code, modified or not', 'Use the code in a second end product'],
  },
  'Multi App License': {
    summary: 'Any number of end products of the licence holder.',
    may: ['Use the source code in any number of end products of the licence holder', 'Modify the source code'],
    mayNot: ['Resell, share or give away the source code, modified or not'],
  },
};
