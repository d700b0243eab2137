import { useId, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { FormError } from '@/components/FormError';
import { useRevealFirstError } from '@/components/revealFirstError';
import { SubmitButton } from '@/components/SubmitButton';
import './rating-form.css';

export interface RatingDraft {
  rating: number;
  text: string;
}

interface RatingFormProps {
  title: string;
  /** The review this form edits; null writes a new one. */
  existing: RatingDraft | null;
  /** The call's body schema: the draft is checked here as the server will check it. */
  schema: z.ZodType<unknown, Partial<RatingDraft>>;
  hint: string;
  submitLabel: string;
  pending: boolean;
  error: string | undefined;
  /** Typing after a refusal clears the server's message. */
  onEdit: () => void;
  onSubmit: (draft: RatingDraft) => void;
  onCancel?: () => void;
}

/** A rating of one to five stars and words about it: a product's review, or custom work's. */
export function RatingForm({ title, existing, schema, hint, submitLabel, pending, error, onEdit, onSubmit, onCancel }: RatingFormProps) {
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  const { refused } = useRevealFirstError(error, form);
  const [rating, setRating] = useState<number | null>(existing?.rating ?? null);
  const [text, setText] = useState(existing?.text ?? '');
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = schema.safeParse({ rating: rating ?? 0, text });
    if (!parsed.success) {
      const found: { rating?: string; text?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'rating' ? 'rating' : 'text';
        found[field] ??= issue.message;
      }
      setErrors(found);
      refused();
      return;
    }
    onSubmit({ rating: rating!, text });
  };

  return (
    <form ref={form} className="rating-form" onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="h6">
        {title}
      </h3>
      <fieldset
        className="rating-choice"
        aria-describedby={errors.rating ? `${ids}-rating-error` : undefined}
        data-invalid={errors.rating ? true : undefined}
      >
        <legend className="form-label fs-6 mb-1 w-100">
          Your rating <span aria-hidden="true">*</span>
        </legend>
        {[1, 2, 3, 4, 5].map((stars) => (
          <div className="form-check form-check-inline me-0" key={stars}>
            <input
              className="form-check-input"
              type="radio"
              name={`${ids}-rating`}
              id={`${ids}-rating-${stars}`}
              checked={rating === stars}
              onChange={() => {
                setRating(stars);
                setErrors((current) => ({ ...current, rating: undefined }));
              }}
            />
            <label className="form-check-label" htmlFor={`${ids}-rating-${stars}`}>
              {stars} {stars === 1 ? 'star' : 'stars'}
            </label>
          </div>
        ))}
      </fieldset>
      {errors.rating && (
        <p id={`${ids}-rating-error`} className="invalid-feedback d-block mt-n2">
          {errors.rating}
        </p>
      )}
      <label htmlFor={`${ids}-text`} className="form-label">
        Your review <span aria-hidden="true">*</span>
      </label>
      <textarea
        id={`${ids}-text`}
        className={`form-control${errors.text ? ' is-invalid' : ''}`}
        rows={4}
        maxLength={2000}
        value={text}
        aria-invalid={errors.text ? true : undefined}
        aria-describedby={errors.text ? `${ids}-text-error` : `${ids}-text-hint`}
        onChange={(event) => {
          setText(event.target.value);
          setErrors((current) => ({ ...current, text: undefined }));
          onEdit();
        }}
      />
      {errors.text ? (
        <p id={`${ids}-text-error`} className="invalid-feedback d-block">
          {errors.text}
        </p>
      ) : (
        <p id={`${ids}-text-hint`} className="form-text">
          {hint}
        </p>
      )}
      <div className="d-flex gap-2 mt-2">
        <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
        {onCancel && (
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel} disabled={pending}>
            Cancel
          </button>
        )}
      </div>
      <FormError message={error} className="mt-2" />
    </form>
  );
}
