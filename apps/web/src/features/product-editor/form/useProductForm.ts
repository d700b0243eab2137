import { useCallback, useId, useMemo, useState } from 'react';
import { useForm, type FieldPath, type Resolver, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { revealElement } from '@/components/revealFirstError';
import { productFormValuesSchema } from './productFormSchema';
import { fieldId, fieldOrder, firstMessage, type FormMode, type ProductFormValues } from './productFormValues';

export interface ProductFormController {
  /** Prefix of every element id in this form. */
  prefix: string;
  mode: FormMode;
  form: UseFormReturn<ProductFormValues>;
  /** Framework options: the short upload list or the long edit list (docs/product-spec.md §3). */
  frameworks: readonly string[];
  /** Current image URLs when editing, shown beside the optional file inputs. */
  currentImages?: { featureImg: string; thumbnail: string; screenshots: string[] } | undefined;
}

interface Options {
  mode: FormMode;
  defaultValues: () => ProductFormValues;
  frameworks: readonly string[];
  currentImages?: ProductFormController['currentImages'];
}

/**
 * The upload wizard's and the edit dialog's form: react-hook-form checked by the contract's
 * productFormSchema through the zod resolver. A field's message shows once it is left, or when
 * its step is checked; fields of steps not shown keep their values (shouldUnregister off).
 */
export function useProductForm({ mode, defaultValues, frameworks, currentImages }: Options) {
  const prefix = useId().replace(/:/g, '');
  // raw: the form keeps what was typed (prices as text, keywords comma separated); the
  // multipart body is built from that, and the server parses it with the same schema.
  // The cast: the contract's optional fields take `unknown` in, which the form narrows to text.
  const resolver = useMemo(
    () => zodResolver(productFormValuesSchema(mode), undefined, { raw: true }) as unknown as Resolver<ProductFormValues>,
    [mode],
  );
  const [initialValues] = useState(defaultValues);
  const form = useForm<ProductFormValues>({
    mode: 'onTouched',
    defaultValues: initialValues,
    resolver,
    // The fields live on steps that come and go; focusing the first message is ours to do.
    shouldFocusError: false,
  });

  const focusField = useCallback(
    (key: string) => {
      // After React has rendered the step that holds the field.
      requestAnimationFrame(() => {
        const field = document.getElementById(fieldId(prefix, key));
        if (field) revealElement(field);
      });
    },
    [prefix],
  );

  /** Checks the named fields; returns the first one with a message, in the order shown. */
  const check = useCallback(
    async (names: readonly FieldPath<ProductFormValues>[]): Promise<string | undefined> => {
      if (await form.trigger([...names])) return undefined;
      // getFieldState reads the messages just set; form.formState is the last render's.
      const shown = fieldOrder(form.getValues('languages')).find(
        (key) => firstMessage(form.getFieldState(key as FieldPath<ProductFormValues>).error) !== undefined,
      );
      return shown ?? names[0];
    },
    [form],
  );

  const controller = useMemo<ProductFormController>(
    () => ({ prefix, mode, form, frameworks, currentImages }),
    [prefix, mode, form, frameworks, currentImages],
  );

  return { controller, form, check, focusField };
}
