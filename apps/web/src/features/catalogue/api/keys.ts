/** Every catalogue query key starts with 'catalogue', so one invalidation refreshes them all. */
export const catalogueKeys = {
  all: ['catalogue'] as const,
  list: (filters: Record<string, string>) => ['catalogue', 'list', filters] as const,
  bySlug: (slug: string) => ['catalogue', 'by-slug', slug] as const,
  popular: (period: string) => ['catalogue', 'popular', period] as const,
  listing: (slug: string) => ['catalogue', 'listing', slug] as const,
  portfolio: (slug: string) => ['catalogue', 'portfolio', slug] as const,
  subCategories: ['catalogue', 'sub-categories'] as const,
  search: (text: string) => ['catalogue', 'search', text] as const,
};
