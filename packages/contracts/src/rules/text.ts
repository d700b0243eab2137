import { LIMITS } from '../limits.js';

/** /downloads/{title}: whitespace runs become hyphens. */
export function titleToSlug(title: string): string {
  return title.trim().replace(/\s+/g, '-');
}

/**
 * The product page of a slug (a product's `slug`, or titleToSlug of its title). Encoded, so a title
 * with '?', '#', '/' or '%' still reaches its own page instead of a query, a fragment or another path;
 * every link to a product page, in the browser and in notices and mails, is built here.
 */
export const productPagePath = (slug: string) => `/downloads/${encodeURIComponent(slug)}`;

/** The reverse of titleToSlug as docs/product-spec.md states it: hyphens map back to spaces. */
export function slugToTitle(slug: string): string {
  return slug.replace(/-/g, ' ');
}

/**
 * The one product-title rule: the key a title and a slug (or two titles) are compared by. titleToSlug
 * turns whitespace into hyphens and slugToTitle hyphens back into spaces, so both are lower-cased
 * with hyphens and whitespace runs as one space (which also finds titles that contain a hyphen).
 */
export function titleKey(title: string): string {
  return title
    .toLowerCase()
    .replace(/[\s-]+/g, ' ')
    .trim();
}
export const slugKey = (slug: string) => titleKey(slugToTitle(slug));

/** /{portfolioName}/portfolio: the author name with spaces as hyphens. */
export const authorToSlug = titleToSlug;
export const slugToAuthor = slugToTitle;

const LARGE_TITLE_MAX = 21;
const SMALL_TITLE_MAX = 13;

/** Card titles: 21 characters plus '...' on large screens, 13 plus '.' on small ones. */
export function cutCardTitle(title: string, screen: 'large' | 'small'): string {
  if (screen === 'large') {
    return title.length > LARGE_TITLE_MAX ? `${title.slice(0, LARGE_TITLE_MAX)}...` : title;
  }
  return title.length > SMALL_TITLE_MAX ? `${title.slice(0, SMALL_TITLE_MAX)}.` : title;
}

export function headerName(name: string): string {
  return name.slice(0, LIMITS.headerNameLength);
}
