import { storefrontUrls, SUB_CATEGORIES, type ProductDetail, type ProductSummary } from '@market/contracts';

/** A successful API answer, parsed, by the URL the web app asks it at. */
export type AnswerOf = (url: string) => unknown;

/** A storefront page whose first screen the server sends with its HTML. */
export interface StorefrontPage {
  /** The page's module in the web app (a key of Vite's manifest), preloaded beside the entry. */
  source: string;
  /** The reads its first screen makes, as storefrontUrls builds them. */
  reads: string[];
  /** The image likely to be the largest paint, fetched at once with high priority. */
  leadImage?: (answerOf: AnswerOf) => string | undefined;
}

/** Every page shows the footer's top downloads. */
const footerReads = [storefrontUrls.popular('all')];

export const homePage: StorefrontPage = {
  source: 'src/pages/HomePage.tsx',
  reads: [
    storefrontUrls.listing('trending-games'),
    storefrontUrls.listing('newly-uploading-games'),
    storefrontUrls.popular('month'),
    storefrontUrls.popular('year'),
    ...footerReads,
  ],
};

/** SPEC.md 2.2: the first genre tab is preselected. */
const firstGenreList = storefrontUrls.products({ status: 'Approved', subCategory: SUB_CATEGORIES[0] });

export const browsePage: StorefrontPage = {
  source: 'src/pages/BrowseGamesPage.tsx',
  reads: [storefrontUrls.subCategories(), firstGenreList, ...footerReads],
  leadImage: (answerOf) => (answerOf(firstGenreList) as ProductSummary[] | undefined)?.[0]?.thumbnail,
};

export function productPage(slug: string): StorefrontPage {
  const product = storefrontUrls.bySlug(slug);
  return {
    source: 'src/pages/ProductDetailPage.tsx',
    reads: [product, ...footerReads],
    leadImage: (answerOf) => (answerOf(product) as ProductDetail | undefined)?.featureImg,
  };
}
