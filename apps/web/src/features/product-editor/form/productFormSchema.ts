import { z } from 'zod';
import {
  LANGUAGE_CODES,
  MAX_IMAGE_BYTES,
  MAX_SCREENSHOTS,
  productFormSchema,
  refineLicencePrices,
  type LanguageCode,
} from '@market/contracts';
import { IMAGE_ACCEPT, splitKeywords, type FormMode, type PerLanguageText } from './productFormValues';

/**
 * The form's values checked with the contract's own productFormSchema (the server's rules and
 * messages) field by field, plus what only the browser sees: empty required inputs, which get a
 * plain message instead of the schema's technical one, and the chosen files.
 */
const contract = productFormSchema.shape;

/** A required input: an empty one says what to do, anything else meets the contract's rule. */
const filled = <T extends z.ZodType>(emptyMessage: string, rule: T) =>
  // The cast: a coercing rule (prices) declares `unknown` input; it is given the trimmed text.
  z
    .string()
    .trim()
    .min(1, emptyMessage)
    .pipe(rule as unknown as z.ZodType<z.output<T>, string>);

const IMAGE_TYPES = new Set(IMAGE_ACCEPT.split(','));
const image = z
  .instanceof(File)
  .refine((file) => file.type === '' || IMAGE_TYPES.has(file.type), 'Use a PNG, JPEG, WebP or GIF image')
  .refine((file) => file.size <= MAX_IMAGE_BYTES, `An image is at most ${MAX_IMAGE_BYTES / (1024 * 1024)} MB`);
const zipFile = z.instanceof(File).refine((file) => /\.zip$/i.test(file.name), 'The product file must be a .zip archive');

/** Upload: the file is required; edit: empty keeps the current one. */
const chosen = <T extends z.ZodType>(mode: FormMode, rule: T, missingMessage: string) =>
  mode === 'upload' ? z.union([rule, z.null()]).refine((file) => file !== null, missingMessage) : z.union([rule, z.null()]);

// A language's input registers before it has a value, so each entry may be missing.
const perLanguageText = z.partialRecord(z.enum(LANGUAGE_CODES), z.string().optional());

function selected(texts: PerLanguageText, languages: readonly LanguageCode[], clean: (text: string) => string = (text) => text) {
  return Object.fromEntries(languages.map((code) => [code, clean(texts[code] ?? '')]));
}

export function productFormValuesSchema(mode: FormMode) {
  return z
    .object({
      languages: z.array(z.enum(LANGUAGE_CODES)),
      title: perLanguageText,
      description: perLanguageText,
      keywords: perLanguageText,
      type: filled('Choose a type', contract.type),
      category: filled('Choose a category', contract.category),
      subCategory: filled('Choose a sub category', contract.subCategory),
      frameWork: contract.frameWork,
      features: contract.features,
      youtubeLink: contract.youtubeLink,
      googlePlayLink: contract.googlePlayLink,
      appStoreLink: contract.appStoreLink,
      livePreview: filled('Enter the live preview link', contract.livePreview),
      singleAppLicense: filled('Enter a price in US dollars', contract.singleAppLicense),
      multiAppLicense: filled('Enter a price in US dollars', contract.multiAppLicense),
      developmentHours: contract.developmentHours,
      authorName: contract.authorName,
      reskinFeatures: contract.reskinFeatures,
      reskinPrice: contract.reskinPrice,
      version: contract.version,
      featureImg: chosen(mode, image, 'Choose a feature image'),
      thumbnail: chosen(mode, image, 'Choose a thumbnail image'),
      sourceCode: chosen(mode, zipFile, 'Choose the product file (.zip)'),
      screenshots: z.array(image).max(MAX_SCREENSHOTS, `Choose at most ${MAX_SCREENSHOTS} screenshots`),
    })
    .superRefine((values, context) => {
      refineLicencePrices(values, context);
      // Title, description and keywords count for the ticked languages only.
      const perLanguage = {
        title: contract.title.safeParse(selected(values.title, values.languages)),
        description: contract.description.safeParse(selected(values.description, values.languages)),
        keywords: contract.keywords.safeParse(
          Object.fromEntries(values.languages.map((code) => [code, splitKeywords(values.keywords[code])])),
        ),
      };
      for (const [field, result] of Object.entries(perLanguage)) {
        for (const issue of result.success ? [] : result.error.issues) {
          const path = [field, ...issue.path.map(String)];
          if (path.length === 1) {
            // The English-title rule: shown under the language boxes, and only when English is
            // not ticked (otherwise 'Enter a title' under the English title says it all).
            if (!values.languages.includes('en')) context.addIssue({ code: 'custom', message: issue.message, path: ['languages'] });
            continue;
          }
          context.addIssue({ code: 'custom', message: issue.message, path });
        }
      }
    });
}
