import type { ChangeEvent, ReactNode } from 'react';
import { RichTextEditor } from '../richText/RichTextEditor';
import { fieldId, REQUIRED_FIELDS } from './productFormValues';
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

function fieldA11y(form: ProductFormController, key: string, help: ReactNode | undefined): FieldA11y {
  const id = fieldId(form.prefix, key);
  const error = form.errors[key];
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
  /** Error key, e.g. 'livePreview' or 'title.en'. */
  name: string;
  label: string;
  help?: ReactNode;
  className?: string;
}

interface TextInputProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'url' | 'number';
  /** For number inputs: 'decimal' for prices, 'numeric' for whole numbers. */
  inputMode?: 'decimal' | 'numeric' | 'url' | 'text';
  step?: string;
  placeholder?: string;
}

export function TextInput({ form, name, label, help, className = '', value, onChange, type = 'text', inputMode, step, placeholder }: TextInputProps) {
  const a11y = fieldA11y(form, name, help);
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
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </FieldFrame>
  );
}

interface SelectInputProps extends BaseProps {
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
  placeholder: string;
}

export function SelectInput({ form, name, label, help, className = '', value, onChange, options, placeholder }: SelectInputProps) {
  const a11y = fieldA11y(form, name, help);
  return (
    <FieldFrame a11y={a11y} label={label} help={help} className={className}>
      <select
        {...controlA11y(a11y)}
        className={`form-select${a11y.invalid ? ' is-invalid' : ''}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
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
  multiple?: boolean;
  /** Names of the files held in the form state (the input itself forgets them between steps). */
  chosen: readonly File[];
  onFiles: (files: File[]) => void;
}

export function FileInput({ form, name, label, help, className = '', accept, multiple = false, chosen, onFiles }: FileInputProps) {
  const a11y = fieldA11y(form, name, help);
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
        onChange={(event: ChangeEvent<HTMLInputElement>) => onFiles(Array.from(event.target.files ?? []))}
      />
      {chosen.length > 0 && (
        <div id={chosenId} className="form-text text-break">
          Selected: {chosen.map((file) => `${file.name} (${formatBytes(file.size)})`).join(', ')}
        </div>
      )}
    </FieldFrame>
  );
}

interface RichTextInputProps extends BaseProps {
  defaultValue: string;
  onChange: (html: string) => void;
}

export function RichTextInput({ form, name, label, help, className = '', defaultValue, onChange }: RichTextInputProps) {
  const a11y = fieldA11y(form, name, help);
  return (
    // The editing area is a contenteditable div, so it points at the label by aria-labelledby.
    <FieldFrame a11y={a11y} label={label} help={help} className={className} labelsControl={false}>
      <RichTextEditor
        id={a11y.id}
        labelledBy={a11y.labelId}
        describedBy={a11y.describedBy}
        invalid={a11y.invalid}
        required={a11y.required}
        defaultValue={defaultValue}
        onChange={onChange}
      />
    </FieldFrame>
  );
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
