import type { PopularPeriod, ProductStatus, SubCategory } from './enums.js';
import { API_PATHS, apiPath } from './paths.js';

export interface ProductFilters {
  status?: ProductStatus;
  subCategory?: SubCategory;
}

/**
 * The storefront's reads, as the exact URLs the web app asks for. The server embeds the answers of a
 * page's first screen in its HTML under these same URLs, so both sides build them here.
 */
export const storefrontUrls = {
  /** The server's default limit (12): the home section, the hero's top 3 and the footer's top 6 share it. */
  popular: (period: PopularPeriod) => `${API_PATHS.product.popular}?period=${period}`,
  listing: (slug: string) => apiPath(API_PATHS.product.listing, { slug }),
  products: (filters: ProductFilters) => {
    const query = new URLSearchParams(filters as Record<string, string>).toString();
    return `${API_PATHS.product.list}${query ? `?${query}` : ''}`;
  },
  subCategories: () => API_PATHS.product.subCategories,
  bySlug: (slug: string) => apiPath(API_PATHS.product.bySlug, { slug }),
};

/** The id of the `<script type="application/json">` holding a page's first-screen answers, by URL. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen-answers';
