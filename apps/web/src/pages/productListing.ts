/**
 * docs/product-spec.md §2.2: three slugs name a popular period (and on-sale the products on sale, docs/decisions/0009);
 * any other slug lists all products newest first under a generic heading. The server's listing answer carries the same title; this
 * copy titles the page while it loads.
 */
const LISTING_TITLES: Record<string, string> = {
  'popular-of-month': 'Popular Of Month',
  'popular-of-year': 'Popular Of Year',
  'popular-of-all-time': 'Popular Of All Time',
  'on-sale': 'On Sale',
};

/** What a listing with no products says; the generic words otherwise. */
const EMPTY_TEXTS: Record<string, string> = {
  'on-sale': 'Nothing is on sale right now',
};

export const ALL_GAMES_TITLE = 'All Games';

export function listingTitle(slug: string): string {
  return LISTING_TITLES[slug] ?? ALL_GAMES_TITLE;
}

export function listingEmptyText(slug: string): string | undefined {
  return EMPTY_TEXTS[slug];
}
