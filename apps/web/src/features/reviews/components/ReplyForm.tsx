import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useRevealFirstError } from '@/components/revealFirstError';
import { replyBodySchema, type Review } from '@market/contracts';
import { FormError } from '@/components/FormError';
import { SubmitButton } from '@/components/SubmitButton';
import { useReplyToReview } from '../api/replyToReview';

/** The seller's answer to one review, new or corrected. */
export function ReplyForm({ productId, review, onDone }: { productId: string; review: Review; onDone: () => void }) {
  const ids = useId();
  const input = useRef<HTMLTextAreaElement>(null);
  const reply = useReplyToReview(productId);
  const { formRef, refused } = useRevealFirstError(reply.error);
  const [text, setText] = useState(review.reply?.text ?? '');
  const [invalid, setInvalid] = useState<string | null>(null);
  // Opened by its button: the reply box takes the focus.
  useEffect(() => input.current?.focus(), []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = replyBodySchema.safeParse({ text });
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Write your reply');
      refused();
      return;
    }
    reply.mutate({ reviewId: review._id, text }, { onSuccess: onDone });
  };

  return (
    <form ref={formRef} className="review-reply" onSubmit={onSubmit} noValidate>
      <label htmlFor={`${ids}-reply`} className="form-label small fw-semibold">
        Your reply to {review.reviewer.name}
      </label>
      <textarea
        ref={input}
        id={`${ids}-reply`}
        className={`form-control form-control-sm${invalid ? ' is-invalid' : ''}`}
        rows={3}
        maxLength={2000}
        value={text}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${ids}-invalid` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setInvalid(null);
        }}
      />
      {invalid && (
        <p id={`${ids}-invalid`} className="invalid-feedback d-block">
          {invalid}
        </p>
      )}
      <div className="d-flex gap-2 mt-2">
        <SubmitButton pending={reply.isPending} className="btn-sm">
          {review.reply ? 'Save reply' : 'Reply'}
        </SubmitButton>
        <button type="button" className="btn btn-sm btn-outline-secondary" onClick={onDone} disabled={reply.isPending}>
          Cancel
        </button>
      </div>
      <FormError message={reply.error?.message} className="mt-2 small" />
    </form>
  );
}
