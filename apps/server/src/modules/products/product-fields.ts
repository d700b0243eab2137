import { type ProductForm, productFormSchema } from '@market/contracts';
import { parseFormFields } from '../../http/form-fields.js';
import { badRequest } from '../../platform/errors.js';

/** Labels for messages, in the words of the upload form. */
export const FIELD_LABELS: Record<string, string> = {
  type: 'Type',
  category: 'Category',
  subCategory: 'Sub category',
  frameWork: 'Framework',
  title: 'Title',
  description: 'Description',
  keywords: 'Keywords',
  features: 'Features',
  youtubeLink: 'YouTube link',
  googlePlayLink: 'Google Play link',
  appStoreLink: 'App Store link',
  livePreview: 'Live preview',
  singleAppLicense: 'Single app license price',
  multiAppLicense: 'Multi app license price',
  developmentHours: 'Development hours',
  authorName: 'Author studio name',
  reskinFeatures: 'Reskin features',
  reskinPrice: 'Reskin price',
  version: 'Version',
};

/** The starred fields of docs/product-spec.md §5 (the files are checked by the upload itself). */
const REQUIRED = ['type', 'category', 'subCategory', 'features', 'livePreview', 'singleAppLicense', 'multiAppLicense', 'authorName'];

type RawValue = string | Record<string, unknown>;

/** title / description arrive as JSON text keyed by language; a plain text is taken as English. */
function perLanguageText(value: RawValue): unknown {
  if (typeof value !== 'string') return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null ? parsed : { en: String(parsed) };
  } catch {
    return { en: value };
  }
}

const splitKeywords = (text: string) =>
  text
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);

/** keywords: JSON keyed by language of lists or of comma-separated text, or plain comma-separated English. */
function perLanguageKeywords(value: RawValue): unknown {
  const parsed = perLanguageText(value);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return Array.isArray(parsed) ? { en: parsed } : parsed;
  }
  const result = Object.create(null) as Record<string, unknown>;
  for (const [language, words] of Object.entries(parsed)) {
    if (typeof words === 'string') result[language] = [...new Set(splitKeywords(words))];
    else if (Array.isArray(words)) result[language] = [...new Set(words.map((word) => String(word).trim()).filter(Boolean))];
    else result[language] = words;
  }
  return result;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The multipart text fields as a checked ProductForm. `base` (an edit) supplies every field the
 * form leaves out, so a client may send only what changed; an empty field clears an optional one.
 */
export function parseProductFields(raw: Record<string, RawValue>, base: Record<string, unknown> = {}): ProductForm {
  // No prototype, so a field named __proto__ is kept as a field and refused by the strict schema.
  const candidate = Object.assign(Object.create(null), base) as Record<string, unknown>;
  for (const [name, value] of Object.entries(raw)) {
    if (name === 'title' || name === 'description') candidate[name] = perLanguageText(value);
    else if (name === 'keywords') candidate[name] = perLanguageKeywords(value);
    else candidate[name] = value;
  }
  candidate.description ??= {};
  for (const name of REQUIRED) {
    if (isBlank(candidate[name])) throw badRequest(`${FIELD_LABELS[name]} is required`);
  }
  // The JSON texts (title, description, keywords) are checked, NUL characters too, once parsed.
  return parseFormFields(productFormSchema, candidate, FIELD_LABELS);
}
