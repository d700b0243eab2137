import { useCallback, useId, useMemo, useState } from 'react';
import { LANGUAGE_CODES, type LanguageCode } from '@market/contracts';
import {
  fieldId,
  type FileField,
  type FormErrors,
  type FormMode,
  type ProductFormValues,
  type TextField,
} from './productFormValues';

export type LanguageTextKind = 'title' | 'description' | 'keywords';

export interface ProductFormController {
  /** Prefix of every element id in this form. */
  prefix: string;
  mode: FormMode;
  values: ProductFormValues;
  errors: FormErrors;
  /** Framework options: the short upload list or the long edit list (SPEC.md 3). */
  frameworks: readonly string[];
  /** Current image URLs when editing, shown beside the optional file inputs. */
  currentImages?: { featureImg: string; thumbnail: string; screenshots: string[] } | undefined;
  setText: (field: TextField, value: string) => void;
  setLanguageText: (kind: LanguageTextKind, code: LanguageCode, value: string) => void;
  toggleLanguage: (code: LanguageCode, selected: boolean) => void;
  setFile: (field: FileField, file: File | null) => void;
  setScreenshots: (files: File[]) => void;
}

interface Options {
  mode: FormMode;
  initialValues: () => ProductFormValues;
  frameworks: readonly string[];
  currentImages?: ProductFormController['currentImages'];
}

/** Form state: values, per-field messages (cleared as the field changes) and setters. */
export function useProductForm({ mode, initialValues, frameworks, currentImages }: Options) {
  const prefix = useId().replace(/:/g, '');
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FormErrors>({});

  const clearError = useCallback((...keys: string[]) => {
    setErrors((current) => {
      if (!keys.some((key) => current[key] !== undefined)) return current;
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });
  }, []);

  const controller = useMemo<ProductFormController>(
    () => ({
      prefix,
      mode,
      values,
      errors,
      frameworks,
      currentImages,
      setText: (field, value) => {
        setValues((current) => ({ ...current, text: { ...current.text, [field]: value } }));
        clearError(field);
      },
      setLanguageText: (kind, code, value) => {
        setValues((current) => ({ ...current, [kind]: { ...current[kind], [code]: value } }));
        clearError(`${kind}.${code}`);
      },
      toggleLanguage: (code, selected) => {
        setValues((current) => {
          // Kept in SPEC.md's language order, whatever order they are ticked in.
          const languages = LANGUAGE_CODES.filter((language) =>
            language === code ? selected : current.languages.includes(language),
          );
          return { ...current, languages };
        });
        clearError('languages', `title.${code}`, `description.${code}`, `keywords.${code}`);
      },
      setFile: (field, file) => {
        setValues((current) => ({ ...current, files: { ...current.files, [field]: file } }));
        clearError(field);
      },
      setScreenshots: (files) => {
        setValues((current) => ({ ...current, screenshots: files }));
        clearError('screenshots');
      },
    }),
    [prefix, mode, values, errors, frameworks, currentImages, clearError],
  );

  const focusField = useCallback(
    (key: string) => {
      // After React has rendered the step that holds the field.
      requestAnimationFrame(() => document.getElementById(fieldId(prefix, key))?.focus());
    },
    [prefix],
  );

  return { controller, values, setValues, errors, setErrors, focusField };
}
