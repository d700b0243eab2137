import { formatBytes } from '@/lib/format';
import type { ChangeEvent, FocusEvent, ReactNode } from 'react';
import { useController, type FieldPath } from 'react-hook-form';
import { RichTextEditor } from '@/components/rich-text';
import { fieldId, firstMessage, REQUIRED_FIELDS, type ProductFormValues } from './productFormValues';
import type { ProductFormController } from './useProductForm';

interface FieldA11y {
  id: string;
  labelId: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
  error: string | undefined;
  helpId: string;
  errorId: string;
}

function fieldA11y(form: ProductFormController, key: string, help: ReactNode | undefined, error: string | undefined): FieldA11y {
  const id = fieldId(form.prefix, key);
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const described = [help ? helpId : null, error ? errorId : null].filter(Boolean).join(' ');
  return {
    id,
    labelId: `${id}-label`,
    describedBy: described || undefined,
    invalid: error !== undefined,
    // Optional files in the edit form keep the current ones.
    required: REQUIRED_FIELDS.has(key) && !(form.mode === 'edit' && ['featureImg', 'thumbnail', 'sourceCode'].includes(key)),
    error,
    helpId,
    errorId,
  };
}

function RequiredStar({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <span className="text-danger ms-1" aria-hidden="true">
      *
    </span>
  );
}

function HelpAndError({ a11y, help }: { a11y: FieldA11y; help: ReactNode | undefined }) {
  return (
    <>
      {help && (
        <div id={a11y.helpId} className="form-text">
          {help}
        </div>
      )}
      {a11y.error && (
        <div id={a11y.errorId} className="invalid-feedback d-block">
          {a11y.error}
        </div>
      )}
    </>
  );
}

/** The wrapper every field shares: label with its star, the control, then help and error. */
function FieldFrame({
  a11y,
  label,
  help,
  className,
  labelsControl = true,
  children,
}: {
  a11y: FieldA11y;
  label: string;
  help: ReactNode | undefined;
  className: string;
  /** False where the control is no form element and points at the label itself (aria-labelledby). */
  labelsControl?: boolean;
  children: ReactNode;
}) {
  const labelContent = (
    <>
      {label}
      <RequiredStar show={a11y.required} />
    </>
  );
  return (
    <div className={`mb-3 ${className}`}>
      {labelsControl ? (
        <label className="form-label" htmlFor={a11y.id} id={a11y.labelId}>
          {labelContent}
        </label>
      ) : (
        <div className="form-label" id={a11y.labelId}>
          {labelContent}
        </div>
      )}
      {children}
      <HelpAndError a11y={a11y} help={help} />
    </div>
  );
}

/** The id and ARIA state of a native control. */
function controlA11y(a11y: FieldA11y, describedBy = a11y.describedBy) {
  return {
    id: a11y.id,
    'aria-invalid': a11y.invalid || undefined,
    'aria-required': a11y.required || undefined,
    'aria-describedby': describedBy,
  };
}

interface BaseProps {
  form: ProductFormController;
  /** The form field, e.g. 'livePreview' or 'title.en'. */
  name: FieldPath<ProductFormValues>;
  label: string;
  help?: ReactNode;
  className?: string;
}

/**
 * One field's react-hook-form binding and ARIA state. Its message shows once the field is left
 * or a step is checked (Next, Submit); a change re-checks a field that shows one, so the message
 * goes as soon as the entry is right.
 */
function useField(form: ProductFormController, name: FieldPath<ProductFormValues>, help: ReactNode | undefined) {
  const {
    field: { ref, value, onChange, onBlur },
    fieldState,
  } = useController({ name, control: form.form.control });
  const a11y = fieldA11y(form, name, help, firstMessage(fieldState.error));
  const change = (next: unknown) => {
    onChange(next);
    if (fieldState.error) void form.form.trigger(name);
  };
  // Leaving for one of the form's buttons is not checked here: a message appearing on
  // mousedown pushes the button down, and the click is lost. The button checks anyway.
  const leave = (next: EventTarget | null) => {
    if (next instanceof Element && next.closest('[data-form-action]')) return;
    onBlur();
  };
  const bind = { ref, onBlur: (event: FocusEvent) => leave(event.relatedTarget) };
  return { bind, leave, value: value as unknown, a11y, change };
}

interface TextInputProps extends BaseProps {
  type?: 'text' | 'url' | 'number';
  /** For number inputs: 'decimal' for prices, 'numeric' for whole numbers. */
  inputMode?: 'decimal' | 'numeric' | 'url' | 'text';
  step?: string;
  placeholder?: string;
}

export function TextInput({ form, name, label, help, className = '', type = 'text', inputMode, step, placeholder }: TextInputProps) {
  const { bind, value, a11y, change } = useField(form, name, help);
  return (
    <FieldFrame a11y={a11y} label={label} help={help} className={className}>
      <input
        {...controlA11y(a11y)}
        className={`form-control${a11y.invalid ? ' is-invalid' : ''}`}
        type={type}
        inputMode={inputMode}
        step={step}
        min={type === 'number' ? 0 : undefined}
        placeholder={placeholder}
        {...bind}
        value={(value as string | undefined) ?? ''}
        onChange={(event) => change(event.target.value)}
      />
    </FieldFrame>
  );
}

interface SelectInputProps extends BaseProps {
  options: readonly string[];
  placeholder: string;
}

export function SelectInput({ form, name, label, help, className = '', options, placeholder }: SelectInputProps) {
  const { bind, value, a11y, change } = useField(form, name, help);
  return (
    <FieldFrame a11y={a11y} label={label} help={help} className={className}>
      <select
        {...controlA11y(a11y)}
        className={`form-select${a11y.invalid ? ' is-invalid' : ''}`}
        {...bind}
        value={(value as string | undefined) ?? ''}
        onChange={(event) => change(event.target.value)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

interface FileInputProps extends BaseProps {
  accept: string;
  /** Several files (an array in the form) rather than one (a File or null). */
  multiple?: boolean;
}

export function FileInput({ form, name, label, help, className = '', accept, multiple = false }: FileInputProps) {
  const { bind, value, a11y, change } = useField(form, name, help);
  // The form keeps the files; the input itself forgets them between steps, so they are listed.
  const held = value as File | File[] | null;
  const chosen = held === null ? [] : Array.isArray(held) ? held : [held];
  const chosenId = `${a11y.id}-chosen`;
  const describedBy = [a11y.describedBy, chosen.length > 0 ? chosenId : null].filter(Boolean).join(' ') || undefined;
  return (
    <FieldFrame a11y={a11y} label={label} help={help} className={className}>
      <input
        {...controlA11y(a11y, describedBy)}
        className={`form-control${a11y.invalid ? ' is-invalid' : ''}`}
        type="file"
        accept={accept}
        multiple={multiple}
        {...bind}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          const files = Array.from(event.target.files ?? []);
          change(multiple ? files : (files[0] ?? null));
        }}
      />
      {chosen.length > 0 && (
        <div id={chosenId} className="form-text text-break">
          Selected: {chosen.map((file) => `${file.name} (${formatBytes(file.size)})`).join(', ')}
        </div>
      )}
    </FieldFrame>
  );
}

export function RichTextInput({ form, name, label, help, className = '' }: BaseProps) {
  const { leave, value, a11y, change } = useField(form, name, help);
  return (
    // The editing area is a contenteditable div, so it points at the label by aria-labelledby.
    <FieldFrame a11y={a11y} label={label} help={help} className={className} labelsControl={false}>
      <RichTextEditor
        id={a11y.id}
        labelledBy={a11y.labelId}
        describedBy={a11y.describedBy}
        invalid={a11y.invalid}
        required={a11y.required}
        // The editor is uncontrolled: it starts from the value it finds and reports changes.
        defaultValue={(value as string | undefined) ?? ''}
        onChange={change}
        onBlur={leave}
      />
    </FieldFrame>
  );
}
