import type { PopularPeriod, ProductStatus, SubCategory } from './enums.js';
import type { Engine } from './inside.js';
import { API_PATHS, apiPath } from './paths.js';

export interface ProductFilters {
  status?: ProductStatus;
  subCategory?: SubCategory;
  engine?: Engine;
  /** Only products with a sale running now. */
  onSale?: 'true';
}

/**
 * The storefront's reads, as the exact URLs the web app asks for (and its tests answer the server's
 * render with).
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
  alsoBought: (id: string) => apiPath(API_PATHS.product.alsoBought, { id }),
};

/** The id of the `<script type="application/json">` holding the queries a page was rendered with on the server. */
export const FIRST_SCREEN_ELEMENT_ID = 'first-screen-state';

/** A read's answer as the server's render gets it; undefined when the API did not answer 200. */
export type FirstScreenAnswers = (path: string) => Promise<{ data: unknown } | undefined>;

/** A storefront page rendered on the server: its markup, and the queries (TanStack Query's dehydrated state) it was rendered with. */
export interface FirstScreen {
  html: string;
  state: unknown;
}

/** What the web app's server build (apps/web/src/entry-server.tsx) exports for the server's pages. */
export interface FirstScreenRenderer {
  renderFirstScreen(url: string, answers: FirstScreenAnswers): Promise<FirstScreen>;
  /** Whether the web app has a page at `pathname`; the rest get its "not found" page, which the server answers 404. */
  hasPage(pathname: string): boolean;
}

/** The width an uploaded product image is stored at (re-encoded as WebP, never enlarged), by its kind. */
export const STORED_IMAGE_WIDTHS = { thumbnail: 480, featureImg: 1280, screenshot: 1280 } as const;
export type StoredImageKind = keyof typeof STORED_IMAGE_WIDTHS;

/**
 * Narrower copies the server makes of a stored product image (`/files/images/{key}?w=`), for
 * `srcset`: a phone's card or product page downloads no more pixels than it shows.
 */
export const IMAGE_COPY_WIDTHS = [320, 800] as const;
export type ImageCopyWidth = (typeof IMAGE_COPY_WIDTHS)[number];

/** A stored image and its narrower copies as a `srcset`, the stored one last at its own width. */
export function imageSrcSet(url: string, kind: StoredImageKind): string {
  const storedWidth = STORED_IMAGE_WIDTHS[kind];
  const copies = IMAGE_COPY_WIDTHS.filter((width) => width < storedWidth).map((width) => `${url}?w=${width} ${width}w`);
  return [...copies, `${url} ${storedWidth}w`].join(', ');
}
