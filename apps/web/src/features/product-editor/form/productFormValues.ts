import { get, type FieldErrors } from 'react-hook-form';
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode, type ProductDetail } from '@market/contracts';

export type FormMode = 'upload' | 'edit';

/** Plain text inputs and selects, kept as the strings the inputs show. */
export const TEXT_FIELDS = [
  'type',
  'category',
  'subCategory',
  'frameWork',
  'features',
  'youtubeLink',
  'googlePlayLink',
  'appStoreLink',
  'livePreview',
  'singleAppLicense',
  'multiAppLicense',
  'developmentHours',
  'authorName',
  'reskinFeatures',
  'reskinPrice',
  'version',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export const FILE_FIELDS = ['featureImg', 'thumbnail', 'sourceCode'] as const;
export type FileField = (typeof FILE_FIELDS)[number];

export type PerLanguageText = Partial<Record<LanguageCode, string>>;

/**
 * What the form holds (react-hook-form's values): each input's own string, files as chosen.
 * Text fields sit at the top level under the API's names, so the contract's error paths
 * ('livePreview', 'title.en') are the form's field names.
 */
export type ProductFormValues = Record<TextField, string> &
  Record<FileField, File | null> & {
    languages: LanguageCode[];
    title: PerLanguageText;
    description: PerLanguageText;
    /** Comma separated, as typed. */
    keywords: PerLanguageText;
    screenshots: File[];
  };

/** docs/product-spec.md §2.10: which fields each of the three steps shows, in order. */
export const STEP_FIELDS = [
  ['languages', 'title', 'description', 'keywords', 'type', 'category', 'subCategory', 'frameWork', 'features', 'featureImg', 'thumbnail'],
  ['screenshots', 'youtubeLink', 'googlePlayLink', 'appStoreLink', 'livePreview', 'sourceCode', 'version', 'singleAppLicense'],
  ['multiAppLicense', 'authorName', 'developmentHours', 'reskinFeatures', 'reskinPrice'],
] as const;
export type StepIndex = 0 | 1 | 2;

/** docs/product-spec.md §5: the fields marked with a star (plus the English title, which the API requires). */
export const REQUIRED_FIELDS: ReadonlySet<string> = new Set([
  'type',
  'category',
  'subCategory',
  'features',
  'featureImg',
  'thumbnail',
  'livePreview',
  'sourceCode',
  'singleAppLicense',
  'multiAppLicense',
  'authorName',
  'title.en',
]);

export function emptyValues(): ProductFormValues {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as Record<TextField, string>;
  return {
    ...text,
    languages: [DEFAULT_LANGUAGE],
    title: {},
    description: {},
    keywords: {},
    featureImg: null,
    thumbnail: null,
    sourceCode: null,
    screenshots: [],
  };
}

const asText = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** The edit form starts from the stored product; files stay empty (empty keeps the current ones). */
export function valuesFromProduct(product: ProductDetail): ProductFormValues {
  const values = emptyValues();
  const stored = LANGUAGES.map(({ code }) => code).filter((code) => product.title[code] !== undefined);
  values.languages = stored.length > 0 ? stored : [DEFAULT_LANGUAGE];
  values.title = { ...product.title };
  values.description = { ...product.description };
  values.keywords = Object.fromEntries(
    Object.entries(product.keywords).map(([code, words]) => [code, (words ?? []).join(', ')]),
  ) as PerLanguageText;
  return {
    ...values,
    type: product.type,
    category: product.category,
    subCategory: product.subCategory,
    frameWork: asText(product.frameWork),
    features: product.features,
    youtubeLink: asText(product.youtubeLink),
    googlePlayLink: asText(product.googlePlayLink),
    appStoreLink: asText(product.appStoreLink),
    livePreview: product.livePreview,
    singleAppLicense: asText(product.singleAppLicense),
    multiAppLicense: asText(product.multiAppLicense),
    developmentHours: asText(product.developmentHours),
    authorName: product.authorName,
    reskinFeatures: asText(product.reskinFeatures),
    reskinPrice: asText(product.reskinPrice),
  };
}

/** docs/product-spec.md §5: keywords are split on commas and trimmed (blank pieces dropped). */
export function splitKeywords(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');
}

function perSelectedLanguage<T>(values: ProductFormValues, map: (code: LanguageCode) => T): Partial<Record<LanguageCode, T>> {
  return Object.fromEntries(values.languages.map((code) => [code, map(code)])) as Partial<Record<LanguageCode, T>>;
}

export function titlesOf(values: ProductFormValues) {
  return perSelectedLanguage(values, (code) => (values.title[code] ?? '').trim());
}
export function descriptionsOf(values: ProductFormValues) {
  return perSelectedLanguage(values, (code) => values.description[code] ?? '');
}
export function keywordsOf(values: ProductFormValues) {
  return perSelectedLanguage(values, (code) => splitKeywords(values.keywords[code]));
}

/**
 * The multipart body of docs/product-spec.md §7: text fields first (title, description and keywords as JSON
 * text), files last, screenshots repeated. userId and status are not sent: the server takes
 * the owner from the session and decides the status itself (DESIGN.md trust rules).
 */
export function toFormData(values: ProductFormValues): FormData {
  const body = new FormData();
  body.append('type', values.type);
  body.append('title', JSON.stringify(titlesOf(values)));
  body.append('description', JSON.stringify(descriptionsOf(values)));
  body.append('keywords', JSON.stringify(keywordsOf(values)));
  for (const field of TEXT_FIELDS) {
    if (field === 'type') continue;
    body.append(field, values[field].trim());
  }
  if (values.featureImg) body.append('featureImg', values.featureImg);
  if (values.thumbnail) body.append('thumbnail', values.thumbnail);
  for (const screenshot of values.screenshots) body.append('screenshots', screenshot);
  if (values.sourceCode) body.append('sourceCode', values.sourceCode);
  return body;
}

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

export function stepOf(key: string): StepIndex {
  const field = key.split('.')[0] ?? key;
  const index = STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(field));
  return (index < 0 ? 0 : index) as StepIndex;
}

/** The order in which the form shows its fields, to focus the first invalid one. */
export function fieldOrder(languages: readonly LanguageCode[]): string[] {
  const perLanguage = languages.flatMap((code) => [`title.${code}`, `description.${code}`, `keywords.${code}`]);
  return STEP_FIELDS.flatMap((fields) =>
    fields.flatMap((field) => (field === 'title' ? perLanguage : field === 'description' || field === 'keywords' ? [] : [field])),
  );
}

/** The first field, in the order the form shows them, that has a message. */
export function firstErrorKey(languages: readonly LanguageCode[], errors: FieldErrors<ProductFormValues>): string | undefined {
  return fieldOrder(languages).find((key) => messageAt(errors, key) !== undefined);
}

/** The message for one field: its own, or the first one nested under it (a keyword, a screenshot). */
export function messageAt(errors: FieldErrors<ProductFormValues>, key: string): string | undefined {
  return firstMessage(get(errors, key));
}

export function firstMessage(node: unknown): string | undefined {
  if (typeof node !== 'object' || node === null) return undefined;
  const { message } = node as { message?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  for (const [name, child] of Object.entries(node)) {
    if (name === 'ref' || name === 'message' || name === 'type' || name === 'types') continue;
    const found = firstMessage(child);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Element ids: 'title.en' becomes '<prefix>-title-en'. */
export function fieldId(prefix: string, key: string): string {
  return `${prefix}-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}
