import { LANGUAGES, type ChangedField, type ChangedImages, type LanguageCode, type ProductForm } from '@market/contracts';
import { htmlToText } from '../../platform/html/index.js';
import { FIELD_LABELS } from '../products/index.js';
import type { PendingChangeRow } from './moderation.repository.js';

type ChangeImages = Pick<PendingChangeRow, 'feature_img_key' | 'thumbnail_key' | 'screenshots_json'>;

/** The change's new screenshots in display order, or null when it keeps the live ones. */
export const screenshotsOfChange = (change: ChangeImages): string[] | null =>
  change.screenshots_json === null ? null : (JSON.parse(change.screenshots_json) as string[]);

/** Every image file a change keeps: deleted with it when it is rejected or replaced. */
export function imagesOfChange(change: ChangeImages): string[] {
  return [change.feature_img_key, change.thumbnail_key, ...(screenshotsOfChange(change) ?? [])].filter((key): key is string =>
    Boolean(key),
  );
}

const RICH_TEXT = new Set(['description', 'features', 'reskinFeatures']);
const PER_LANGUAGE = ['title', 'description', 'keywords'] as const;
const languageLabel = (code: string) => LANGUAGES.find((language) => language.code === code)?.label ?? code;

/** A value as an admin reads it: rich text as its words, lists joined, nothing for an empty field. */
function shown(field: string, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.join(', ');
  if (RICH_TEXT.has(field)) return htmlToText(String(value));
  return String(value).trim();
}

/**
 * The fields an edit changes, old → new, in the order of the upload form; per-language texts
 * one line per language. `before` is the live listing as form values, `after` the change's form.
 */
export function changedFields(before: Record<string, unknown>, after: ProductForm): ChangedField[] {
  const changes: ChangedField[] = [];
  for (const field of Object.keys(FIELD_LABELS)) {
    if (field === 'version') continue;
    const old = before[field];
    const next = (after as Record<string, unknown>)[field];
    if ((PER_LANGUAGE as readonly string[]).includes(field)) {
      const oldTexts = (old ?? {}) as Partial<Record<LanguageCode, unknown>>;
      const newTexts = (next ?? {}) as Partial<Record<LanguageCode, unknown>>;
      const languages = [...new Set([...Object.keys(oldTexts), ...Object.keys(newTexts)])] as LanguageCode[];
      for (const language of languages) {
        const was = shown(field, oldTexts[language]);
        const will = shown(field, newTexts[language]);
        if (was !== will)
          changes.push({
            field: `${field}.${language}`,
            label: `${FIELD_LABELS[field]} (${languageLabel(language)})`,
            old: was,
            new: will,
          });
      }
      continue;
    }
    const was = shown(field, old);
    const will = shown(field, next);
    if (was !== will) changes.push({ field, label: FIELD_LABELS[field]!, old: was, new: will });
  }
  return changes;
}

/** The images a change replaces, live URLs beside the change's. */
export function changedImages(
  live: { featureImg: string; thumbnail: string; screenshots: string[] },
  change: ChangeImages,
  urlOf: (key: string) => string,
): ChangedImages[] {
  const images: ChangedImages[] = [];
  if (change.feature_img_key)
    images.push({ field: 'featureImg', label: 'Feature image', old: [urlOf(live.featureImg)], new: [urlOf(change.feature_img_key)] });
  if (change.thumbnail_key)
    images.push({ field: 'thumbnail', label: 'Thumbnail', old: [urlOf(live.thumbnail)], new: [urlOf(change.thumbnail_key)] });
  const screenshots = screenshotsOfChange(change);
  if (screenshots)
    images.push({ field: 'screenshots', label: 'Screenshots', old: live.screenshots.map(urlOf), new: screenshots.map(urlOf) });
  return images;
}
