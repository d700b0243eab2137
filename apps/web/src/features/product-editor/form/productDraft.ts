import { LANGUAGES, type LanguageCode } from '@market/contracts';
import { emptyValues, TEXT_FIELDS, type PerLanguageText, type ProductFormValues } from './productFormValues';

/**
 * The upload wizard's text, kept in this browser per signed-in person until the product is
 * submitted or the draft discarded, so Back, Forward, a reload or a closed tab lose nothing.
 * Files are not kept (browser storage holds text); they are chosen again.
 */
export type ProductDraft = Pick<ProductFormValues, (typeof TEXT_FIELDS)[number] | 'languages' | 'title' | 'description' | 'keywords'>;

const draftKey = (userId: string) => `productDraft:${userId}`;
const LANGUAGE_CODES: ReadonlySet<string> = new Set(LANGUAGES.map(({ code }) => code));

export function draftOf(values: ProductFormValues): ProductDraft {
  const { languages, title, description, keywords } = values;
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, values[field]])) as Pick<
    ProductFormValues,
    (typeof TEXT_FIELDS)[number]
  >;
  return { ...text, languages, title, description, keywords };
}

/** True when the values hold anything a person typed or chose: the work that leaving would lose. */
export function hasEntries(values: ProductFormValues): boolean {
  const empty = emptyValues();
  if (values.featureImg || values.thumbnail || values.sourceCode || values.screenshots.length > 0) return true;
  return JSON.stringify(draftOf(values)) !== JSON.stringify(draftOf(empty));
}

function perLanguage(value: unknown): PerLanguageText {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter(([code, text]) => LANGUAGE_CODES.has(code) && typeof text === 'string'),
  ) as PerLanguageText;
}

/** The stored draft over empty values; a missing or damaged draft reads as none. */
export function readDraft(userId: string): ProductFormValues | null {
  let stored: unknown;
  try {
    const raw = localStorage.getItem(draftKey(userId));
    if (raw === null) return null;
    stored = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const draft = stored as Record<string, unknown>;
  const values = emptyValues();
  for (const field of TEXT_FIELDS) if (typeof draft[field] === 'string') values[field] = draft[field];
  const languages = Array.isArray(draft.languages) ? draft.languages.filter((code): code is LanguageCode => LANGUAGE_CODES.has(code)) : [];
  if (languages.length > 0) values.languages = languages;
  values.title = perLanguage(draft.title);
  values.description = perLanguage(draft.description);
  values.keywords = perLanguage(draft.keywords);
  return values;
}

export function writeDraft(userId: string, values: ProductFormValues): void {
  try {
    if (hasEntries({ ...values, featureImg: null, thumbnail: null, sourceCode: null, screenshots: [] })) {
      localStorage.setItem(draftKey(userId), JSON.stringify(draftOf(values)));
    } else {
      localStorage.removeItem(draftKey(userId));
    }
  } catch {
    // Storage full or disabled: the form still works, only without a draft.
  }
}

export function discardDraft(userId: string): void {
  try {
    localStorage.removeItem(draftKey(userId));
  } catch {
    // See writeDraft.
  }
}
