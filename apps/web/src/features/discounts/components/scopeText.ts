import type { DiscountScope } from '@market/contracts';

/** The words that differ between a seller's Discounts page and the admins' Platform codes page. */
export interface ScopeText {
  intro: string;
  listTitle: string;
  listLabel: string;
  loading: string;
  empty: string;
  newCode: string;
  /** A code that names no product. */
  allProducts: string;
  /** The product choice's hint. */
  productsHint: string;
}

export const SCOPE_TEXT: Record<DiscountScope, ScopeText> = {
  seller: {
    intro:
      'Buyers type a code at the cart to take a percent or an amount off your products. One code per order; a use is held while a checkout is open and given back if it is not paid.',
    listTitle: 'Your codes',
    listLabel: 'Your discount codes',
    loading: 'Loading your discount codes…',
    empty: 'No discount codes yet',
    newCode: 'New discount code',
    allProducts: 'All your products',
    productsHint: 'None checked: all your products, those you upload later too.',
  },
  platform: {
    intro:
      'A platform code takes a percent or an amount off any seller’s products. The platform pays what it takes off: sellers still earn their full price. One code per order, a seller’s or the platform’s; a use is held while a checkout is open and given back if it is not paid.',
    listTitle: 'All platform codes',
    listLabel: 'Platform discount codes',
    loading: 'Loading the platform codes…',
    empty: 'No platform codes yet',
    newCode: 'New platform code',
    allProducts: 'Every seller’s products',
    productsHint: 'None chosen: every seller’s products, those uploaded later too.',
  },
};
