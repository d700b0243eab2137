import { storefrontUrls, SUB_CATEGORIES, type ProductDetail, type ProductSummary } from '@market/contracts';

/** An API answer the page was rendered with, parsed, by the URL the web app asked it at. */
export type AnswerOf = (url: string) => unknown;

/** A storefront page the server renders (the web app's entry-server) and sends with its data. */
export interface StorefrontPage {
  /** The page's module in the web app (a key of Vite's manifest), preloaded beside the entry. */
  source: string;
  /** The image likely to be the largest paint, fetched at once with high priority. */
  leadImage?: (answerOf: AnswerOf) => string | undefined;
}

export const homePage: StorefrontPage = { source: 'src/pages/HomePage.tsx' };

/** SPEC.md 2.2: the first genre tab is preselected. */
const firstGenreList = storefrontUrls.products({ status: 'Approved', subCategory: SUB_CATEGORIES[0] });

export const browsePage: StorefrontPage = {
  source: 'src/pages/BrowseGamesPage.tsx',
  leadImage: (answerOf) => (answerOf(firstGenreList) as ProductSummary[] | undefined)?.[0]?.thumbnail,
};

export function productPage(slug: string): StorefrontPage {
  const product = storefrontUrls.bySlug(slug);
  return {
    source: 'src/pages/ProductDetailPage.tsx',
    leadImage: (answerOf) => (answerOf(product) as ProductDetail | undefined)?.featureImg,
  };
}
