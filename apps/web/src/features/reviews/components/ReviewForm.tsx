import { useId, useRef, useState, type FormEvent } from 'react';
import { useRevealFirstError } from '@/components/revealFirstError';
import { updateReviewBodySchema, type Review } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { showNotice } from '@/components/notice/notices';
import { SubmitButton } from '@/components/SubmitButton';
import { useSaveReview } from '../api/saveReview';

interface ReviewFormProps {
  productId: string;
  /** The viewer's review, when this form edits it. */
  existing: Review | null;
  onDone?: () => void;
}

/** A rating of one to five stars and the text: written once by a buyer, edited after. */
export function ReviewForm({ productId, existing, onDone }: ReviewFormProps) {
  const ids = useId();
  const form = useRef<HTMLFormElement>(null);
  const save = useSaveReview(productId, existing?._id ?? null);
  const { refused } = useRevealFirstError(save.error, form);
  const [rating, setRating] = useState<number | null>(existing?.rating ?? null);
  const [text, setText] = useState(existing?.text ?? '');
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateReviewBodySchema.safeParse({ rating: rating ?? 0, text });
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
    save.mutate(
      { rating: rating!, text },
      {
        onSuccess: () => {
          showNotice(existing ? 'Your review was updated' : 'Thank you: your review is published');
          onDone?.();
        },
      },
    );
  };

  return (
    <form ref={form} className="review-form" onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="h6">
        {existing ? 'Edit your review' : 'Write a review'}
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
          if (save.error) save.reset();
        }}
      />
      {errors.text ? (
        <p id={`${ids}-text-error`} className="invalid-feedback d-block">
          {errors.text}
        </p>
      ) : (
        <p id={`${ids}-text-hint`} className="form-text">
          10 to 2,000 characters, shown as plain text with your name.
        </p>
      )}
      <div className="d-flex gap-2 mt-2">
        <SubmitButton pending={save.isPending}>{existing ? 'Save review' : 'Post review'}</SubmitButton>
        {onDone && existing && (
          <button type="button" className="btn btn-outline-secondary" onClick={onDone} disabled={save.isPending}>
            Cancel
          </button>
        )}
      </div>
      <FormError message={save.error?.message} className="mt-2" />
    </form>
  );
}
