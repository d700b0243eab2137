import { PRODUCTS_QUERY_ROOT } from '@/lib/queryKeys';

const root = [PRODUCTS_QUERY_ROOT, 'catalogue'] as const;

/** Storefront keys sit under the products root: any product write refreshes them. */
export const catalogueKeys = {
  all: root,
  list: (filters: Record<string, string>) => [...root, 'list', filters] as const,
  bySlug: (slug: string) => [...root, 'by-slug', slug] as const,
  popular: (period: string) => [...root, 'popular', period] as const,
  listing: (slug: string) => [...root, 'listing', slug] as const,
  portfolio: (slug: string) => [...root, 'portfolio', slug] as const,
  subCategories: [...root, 'sub-categories'] as const,
  search: (text: string) => [...root, 'search', text] as const,
  alsoBought: (id: string) => [...root, 'also-bought', id] as const,
};
