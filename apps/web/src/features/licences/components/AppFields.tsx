import { useId } from 'react';
import { fieldsOfError } from '@/lib/api';

export type AppField = 'appName' | 'bundleId' | 'storeUrl';

interface AppFieldProps {
  field: AppField;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint?: string;
  required?: boolean;
  autoComplete?: string;
}

/** One labelled input of an app form, with its hint and its own error tied to it. */
export function AppFieldInput({ field, label, value, onChange, error, hint, required = false }: AppFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="mb-2">
      <label htmlFor={id} className="form-label small mb-1">
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        name={field}
        className={`form-control form-control-sm${error ? ' is-invalid' : ''}`}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        spellCheck={field === 'appName'}
        autoCapitalize={field === 'appName' ? 'words' : 'none'}
        inputMode={field === 'storeUrl' ? 'url' : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="form-text small mb-0">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="invalid-feedback d-block mb-0">
          {error}
        </p>
      )}
    </div>
  );
}

/** The first message zod gives for each field. */
export function fieldErrors(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): Partial<Record<AppField, string>> {
  const errors: Partial<Record<AppField, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0] as AppField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The field a refusal from the server names, with its message, so the form marks that field. */
export function serverFieldError(error: unknown): Partial<Record<AppField, string>> | null {
  const [field] = fieldsOfError(error);
  if (!field || !['appName', 'bundleId', 'storeUrl'].includes(field) || !(error instanceof Error)) return null;
  return { [field]: error.message };
}

/** Focuses the first field of `form` whose name has an error. */
export function focusFirstError(form: HTMLFormElement | null, errors: Partial<Record<AppField, string>>) {
  const first = (['appName', 'bundleId', 'storeUrl'] as const).find((field) => errors[field]);
  if (first) form?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
}
