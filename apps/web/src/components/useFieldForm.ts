import { useState } from 'react';
import { ApiError } from '@/lib/api';

/** One refusal: a zod issue, or a server's `{ field: 'code' | 'productIds.3', message }` as a path. */
export interface FieldIssue {
  path: readonly PropertyKey[];
  message: string;
}

export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

/** The fields a server's 400 named (`errors: [{ field, message }]`), as issues; none for any other error. */
export function serverIssues(error: unknown): FieldIssue[] {
  if (!(error instanceof ApiError)) return [];
  const listed = (error.body as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(listed)) return [];
  return listed.flatMap((entry: { field?: unknown; message?: unknown }) =>
    typeof entry.field === 'string' && typeof entry.message === 'string' ? [{ path: entry.field.split('.'), message: entry.message }] : [],
  );
}

/**
 * The first message for each of the form's fields (a path such as ['productIds', 3] is the field
 * productIds); `wordsFor` may say an issue in the form's own words.
 */
export function firstErrorPerField<Field extends string, Issue extends FieldIssue>(
  fields: readonly Field[],
  issues: readonly Issue[],
  wordsFor: (field: Field, issue: Issue) => string = (_field, issue) => issue.message,
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (fields.includes(field as Field)) errors[field as Field] ??= wordsFor(field as Field, issue);
  }
  return errors;
}

/**
 * A form's values and the errors shown at its fields: those the browser found (`setInvalid`, from the
 * contracts' schema) over those the server sent back. A message that names no field is `generalError`.
 * Changing a field clears its error and the server's answer.
 */
export function useFieldForm<Values extends object, Field extends string>(
  initialValues: () => Values,
  fields: readonly Field[],
  save: { error: Error | null; reset: () => void },
) {
  const [values, setValues] = useState<Values>(initialValues);
  const [invalid, setInvalid] = useState<FieldErrors<Field>>({});
  const fromServer = firstErrorPerField(fields, serverIssues(save.error));
  const errors: FieldErrors<Field> = { ...fromServer, ...invalid };
  const generalError = save.error && Object.keys(fromServer).length === 0 ? save.error.message : null;

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setInvalid((current) => ({ ...current, [field]: undefined }));
    if (save.error) save.reset();
  };
  return { values, set, errors, generalError, setInvalid };
}
