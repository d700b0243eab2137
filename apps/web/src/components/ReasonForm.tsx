import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useRevealFirstError } from '@/components/revealFirstError';
import type { z } from 'zod';
import { FormError } from '@/components/FormError';
import { SubmitButton } from '@/components/SubmitButton';
import './reason-form.css';

interface ReasonFormProps {
  /** The field's label, e.g. "Reason for the refund". */
  label: string;
  /** What happens on submit, in a sentence shown above the field. */
  explanation: string;
  /** How long the reason may be, shown under the field. */
  hint: string;
  submitLabel: string;
  /** The call's body schema: the reason is checked here as the server will check it. */
  schema: z.ZodType<{ reason: string }, { reason: string }>;
  pending: boolean;
  error: string | undefined;
  danger?: boolean;
  onSubmit: (reason: string) => void;
  onCancel: () => void;
}

/** An inline form for an action that must say why; it takes the focus when it opens. */
export function ReasonForm({
  label,
  explanation,
  hint,
  submitLabel,
  schema,
  pending,
  error,
  danger = false,
  onSubmit,
  onCancel,
}: ReasonFormProps) {
  const ids = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const { formRef, refused } = useRevealFirstError(error);
  useEffect(() => field.current?.focus(), []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schema.safeParse({ reason });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Give a reason');
      refused();
      return;
    }
    onSubmit(parsed.data.reason);
  };

  return (
    <form ref={formRef} className="reason-form" onSubmit={submit} noValidate>
      <p className="small mb-2">{explanation}</p>
      <label htmlFor={`${ids}-reason`} className="form-label">
        {label} <span aria-hidden="true">*</span>
      </label>
      <textarea
        ref={field}
        id={`${ids}-reason`}
        className={`form-control${invalid ? ' is-invalid' : ''}`}
        rows={3}
        required
        value={reason}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={`${ids}-hint${invalid ? ` ${ids}-invalid` : ''}`}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !pending) onCancel();
        }}
        onChange={(event) => {
          setReason(event.target.value);
          setInvalid(null);
        }}
      />
      <p id={`${ids}-hint`} className="form-text mb-0">
        {hint}
      </p>
      {invalid && (
        <p id={`${ids}-invalid`} className="invalid-feedback d-block">
          {invalid}
        </p>
      )}
      <FormError message={error} className="mt-2 mb-0" />
      <div className="d-flex flex-wrap gap-2 mt-2">
        <SubmitButton pending={pending} variant={danger ? 'danger' : 'primary'} className="btn-sm">
          {submitLabel}
        </SubmitButton>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
      </div>
    </form>
  );
}
