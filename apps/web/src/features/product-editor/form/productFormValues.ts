import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  MAX_IMAGE_BYTES,
  MAX_SCREENSHOTS,
  productFormSchema,
  type LanguageCode,
  type ProductDetail,
} from '@market/contracts';

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
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export const FILE_FIELDS = ['featureImg', 'thumbnail', 'sourceCode'] as const;
export type FileField = (typeof FILE_FIELDS)[number];

export type PerLanguageText = Partial<Record<LanguageCode, string>>;

export interface ProductFormValues {
  languages: LanguageCode[];
  title: PerLanguageText;
  description: PerLanguageText;
  /** Comma separated, as typed. */
  keywords: PerLanguageText;
  text: Record<TextField, string>;
  files: Record<FileField, File | null>;
  screenshots: File[];
}

/** SPEC.md 2.10: which fields each of the three steps shows, in order. */
export const STEP_FIELDS = [
  ['languages', 'title', 'description', 'keywords', 'type', 'category', 'subCategory', 'frameWork', 'features', 'featureImg', 'thumbnail'],
  ['screenshots', 'youtubeLink', 'googlePlayLink', 'appStoreLink', 'livePreview', 'sourceCode', 'singleAppLicense'],
  ['multiAppLicense', 'authorName', 'developmentHours', 'reskinFeatures', 'reskinPrice'],
] as const;
export type StepIndex = 0 | 1 | 2;

/** SPEC.md 5: the fields marked with a star (plus the English title, which the API requires). */
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

/** Error keys: a field name, or 'title.en'-style for per-language fields. */
export type FormErrors = Partial<Record<string, string>>;

export function emptyValues(): ProductFormValues {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as Record<TextField, string>;
  return {
    languages: [DEFAULT_LANGUAGE],
    title: {},
    description: {},
    keywords: {},
    text,
    files: { featureImg: null, thumbnail: null, sourceCode: null },
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
  values.text = {
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
  return values;
}

/** SPEC.md 5: keywords are split on commas and trimmed (blank pieces dropped). */
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
 * The multipart body of SPEC.md 7: text fields first (title, description and keywords as JSON
 * text), files last, screenshots repeated. userId and status are not sent: the server takes
 * the owner from the session and decides the status itself (DESIGN.md trust rules).
 */
export function toFormData(values: ProductFormValues): FormData {
  const body = new FormData();
  body.append('type', values.text.type);
  body.append('title', JSON.stringify(titlesOf(values)));
  body.append('description', JSON.stringify(descriptionsOf(values)));
  body.append('keywords', JSON.stringify(keywordsOf(values)));
  for (const field of TEXT_FIELDS) {
    if (field === 'type') continue;
    body.append(field, values.text[field].trim());
  }
  if (values.files.featureImg) body.append('featureImg', values.files.featureImg);
  if (values.files.thumbnail) body.append('thumbnail', values.files.thumbnail);
  for (const screenshot of values.screenshots) body.append('screenshots', screenshot);
  if (values.files.sourceCode) body.append('sourceCode', values.files.sourceCode);
  return body;
}

/** Messages for required fields left empty, where the schema's own message is too technical. */
const EMPTY_MESSAGES: Partial<Record<string, string>> = {
  type: 'Choose a type',
  category: 'Choose a category',
  subCategory: 'Choose a sub category',
  livePreview: 'Enter the live preview link',
};

const FILE_MESSAGES = {
  featureImg: 'Choose a feature image',
  thumbnail: 'Choose a thumbnail image',
  sourceCode: 'Choose the product file (.zip)',
} as const;

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';
const IMAGE_TYPES = new Set(IMAGE_ACCEPT.split(','));

export function stepOf(key: string): StepIndex {
  const field = key.split('.')[0] ?? key;
  const index = STEP_FIELDS.findIndex((fields) => (fields as readonly string[]).includes(field));
  return (index < 0 ? 0 : index) as StepIndex;
}

function isEmptyValue(values: ProductFormValues, key: string): boolean {
  if (key in values.text) return values.text[key as TextField].trim() === '';
  return false;
}

/**
 * Checks the form with productFormSchema (the server's own rules) plus the file rules, and
 * returns the messages of the given steps keyed by field, in the order the fields appear.
 */
export function validateProductForm(values: ProductFormValues, mode: FormMode, steps: readonly StepIndex[]): FormErrors {
  const candidate: Record<string, unknown> = {
    title: titlesOf(values),
    description: descriptionsOf(values),
    keywords: keywordsOf(values),
  };
  for (const field of TEXT_FIELDS) {
    const value = values.text[field].trim();
    candidate[field] = value === '' ? undefined : value;
  }

  const found: FormErrors = {};
  const result = productFormSchema.safeParse(candidate);
  for (const issue of result.success ? [] : result.error.issues) {
    const [field, language] = issue.path.map(String);
    if (field === undefined) continue;
    const key = ['title', 'description', 'keywords'].includes(field) && language !== undefined ? `${field}.${language}` : field;
    if (found[key] !== undefined) continue;
    found[key] = (isEmptyValue(values, key) ? EMPTY_MESSAGES[key] : undefined) ?? issue.message;
  }
  // 'Enter a title' under the English title says it all; the form-level twin only matters
  // when English is not selected at all.
  if (found['title.en'] !== undefined) delete found.title;
  else if (found.title !== undefined) {
    found.languages = found.title;
    delete found.title;
  }

  for (const field of FILE_FIELDS) {
    const file = values.files[field];
    if (!file) {
      if (mode === 'upload') found[field] = FILE_MESSAGES[field];
    } else if (field === 'sourceCode') {
      if (!/\.zip$/i.test(file.name)) found[field] = 'The product file must be a .zip archive';
    } else {
      found[field] = imageProblem(file);
    }
  }
  if (values.screenshots.length > MAX_SCREENSHOTS) found.screenshots = `Choose at most ${MAX_SCREENSHOTS} screenshots`;
  else found.screenshots = values.screenshots.map(imageProblem).find(Boolean);

  const wanted = new Set(steps);
  return Object.fromEntries(
    Object.entries(found).filter(([key, message]) => message !== undefined && wanted.has(stepOf(key))),
  ) as FormErrors;
}

function imageProblem(file: File): string | undefined {
  if (file.type !== '' && !IMAGE_TYPES.has(file.type)) return 'Use a PNG, JPEG, WebP or GIF image';
  if (file.size > MAX_IMAGE_BYTES) return `An image is at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`;
  return undefined;
}

/** The order in which the form shows its fields, to focus the first invalid one. */
export function fieldOrder(values: ProductFormValues): string[] {
  const perLanguage = values.languages.flatMap((code) => [`title.${code}`, `description.${code}`, `keywords.${code}`]);
  return STEP_FIELDS.flatMap((fields) =>
    fields.flatMap((field) => (field === 'title' ? perLanguage : field === 'description' || field === 'keywords' ? [] : [field])),
  );
}

export function firstErrorKey(values: ProductFormValues, errors: FormErrors): string | undefined {
  return fieldOrder(values).find((key) => errors[key] !== undefined) ?? Object.keys(errors)[0];
}

/** Element ids: 'title.en' becomes '<prefix>-title-en'. */
export function fieldId(prefix: string, key: string): string {
  return `${prefix}-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}
