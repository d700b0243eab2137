/** SPEC.md 2.2: three slugs name a popular period; any other slug lists all products newest first. */
const LISTING_TITLES: Record<string, string> = {
  'popular-of-month': 'Popular Of Month',
  'popular-of-year': 'Popular Of Year',
  'popular-of-all-time': 'Popular Of All Time',
  'trending-games': 'Trending Games',
  'newly-uploading-games': 'Newly Uploaded Games',
};

export function listingTitle(slug: string): string {
  return LISTING_TITLES[slug] ?? 'All Games';
}
