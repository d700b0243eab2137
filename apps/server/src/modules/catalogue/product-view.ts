import {
  apiPath,
  API_PATHS,
  frameworkSchema,
  type LanguageCode,
  productStatusSchema,
  productTitle,
  titleToSlug,
  type ProductDetail,
  type ProductSummary,
} from '@market/contracts';
import type { CardRow, ProductRow, TranslationRow } from './catalogue.repository.js';

type PerLanguage<T> = Partial<Record<LanguageCode, T>>;

export const imageUrl = (key: string) => apiPath(API_PATHS.files.image, { key });
export const sourceCodeUrl = (productId: string) => apiPath(API_PATHS.product.sourceCode, { id: productId });
export const dollars = (cents: number) => Math.round(cents) / 100;

function perLanguage<T>(translations: TranslationRow[], pick: (row: TranslationRow) => T | null): PerLanguage<T> {
  const result: PerLanguage<T> = {};
  for (const row of translations) {
    const value = pick(row);
    if (value !== null) result[row.language] = value;
  }
  return result;
}

export const titlesOf = (translations: TranslationRow[]) => perLanguage(translations, (row) => row.title || null);

/** A card's worth of product; image keys become public URLs, cents become dollars. */
export function toSummary(row: CardRow): ProductSummary {
  // Only the upload form writes translations, and it writes language codes of the contract.
  const title = row.titles as PerLanguage<string>;
  return {
    _id: row.id,
    slug: titleToSlug(productTitle(title)),
    type: row.type,
    category: row.category,
    subCategory: row.sub_category,
    title,
    thumbnail: imageUrl(row.thumbnail_key),
    singleAppLicense: dollars(row.single_app_license_cents),
    multiAppLicense: dollars(row.multi_app_license_cents),
    reskinPrice: row.reskin_price_cents === null ? null : dollars(row.reskin_price_cents),
    livePreview: row.live_preview,
    authorName: row.author_name,
    status: productStatusSchema.parse(row.status),
    downloads: Number(row.downloads),
    rating: ratingOf(Number(row.review_count), Number(row.review_total)),
    createdAt: row.created_at,
  };
}

/** The visible reviews' average to one decimal, and their count; null without any. */
const ratingOf = (count: number, total: number) => (count > 0 ? { average: Math.round((total / count) * 10) / 10, count } : null);

/**
 * The detail page. The source archive's storage key never leaves the server: owners and admins
 * get the URL of the access-checked download route instead.
 */
export function toDetail(
  row: ProductRow,
  translations: TranslationRow[],
  screenshots: string[],
  owner: { _id: string; name: string },
  latestRelease: ProductDetail['latestRelease'],
  showSourceCode: boolean,
): ProductDetail {
  return {
    ...toSummary({ ...row, titles: titlesOf(translations) }),
    frameWork: row.framework === null ? null : frameworkSchema.parse(row.framework),
    description: perLanguage(translations, (entry) => entry.description_html || null),
    keywords: perLanguage(translations, (entry) => (entry.keywords.length > 0 ? entry.keywords : null)),
    features: row.features_html,
    featureImg: imageUrl(row.feature_img_key),
    screenshots: screenshots.map(imageUrl),
    youtubeLink: row.youtube_link,
    googlePlayLink: row.google_play_link,
    appStoreLink: row.app_store_link,
    developmentHours: row.development_hours,
    reskinFeatures: row.reskin_features_html,
    userId: owner,
    updatedAt: row.updated_at,
    latestRelease,
    ...(showSourceCode ? { sourceCodeUrl: sourceCodeUrl(row.id) } : {}),
  };
}
