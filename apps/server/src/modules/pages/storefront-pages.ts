/**
 * A storefront page the server renders (the web app's entry-server) and sends with its data. React
 * writes the preload of its lead image (the first eager image, with its fetchpriority and srcset).
 */
export interface StorefrontPage {
  /** The page's module in the web app (a key of Vite's manifest), linked beside the entry. */
  source: string;
}

export const homePage: StorefrontPage = { source: 'src/pages/HomePage.tsx' };
export const browsePage: StorefrontPage = { source: 'src/pages/BrowseGamesPage.tsx' };
export const productPage: StorefrontPage = { source: 'src/pages/ProductDetailPage.tsx' };
