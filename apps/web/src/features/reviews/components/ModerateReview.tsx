import { useRef, useState } from 'react';
import { hideReviewBodySchema, type Review } from '@market/contracts';
import { ReasonForm } from '@/components/ReasonForm';
import { useModerateReview } from '../api/moderateReview';

/** An admin's Hide (with a reason kept beside the review) or, on a hidden review, Show again. */
export function ModerateReview({ productId, review }: { productId: string; review: Review }) {
  const [hiding, setHiding] = useState(false);
  const moderate = useModerateReview(productId);
  const control = useRef<HTMLButtonElement>(null);
  const refocus = () => requestAnimationFrame(() => control.current?.focus());

  if (hiding) {
    return (
      <ReasonForm
        label={`Why hide the review by ${review.reviewer.name}?`}
        explanation="A hidden review leaves the list and the average; its author still sees it, with your reason."
        hint="3 to 500 characters."
        submitLabel="Hide review"
        schema={hideReviewBodySchema}
        pending={moderate.isPending}
        error={moderate.error?.message}
        danger
        onSubmit={(reason) =>
          moderate.mutate(
            { reviewId: review._id, hide: true, reason },
            {
              onSuccess: () => {
                setHiding(false);
                refocus();
              },
            },
          )
        }
        onCancel={() => {
          setHiding(false);
          moderate.reset();
          refocus();
        }}
      />
    );
  }
  return (
    <div className="review-moderation">
      {review.hidden && <p className="small text-danger mb-1">Hidden from buyers{review.hiddenReason ? `: ${review.hiddenReason}` : ''}</p>}
      <button
        ref={control}
        type="button"
        className="btn btn-sm btn-link p-0"
        disabled={moderate.isPending}
        onClick={() => (review.hidden ? moderate.mutate({ reviewId: review._id, hide: false }, { onSuccess: refocus }) : setHiding(true))}
      >
        {review.hidden ? 'Show again' : 'Hide'}
        <span className="visually-hidden"> the review by {review.reviewer.name}</span>
      </button>
      {moderate.error && !hiding && <p className="small text-danger mb-0">{moderate.error.message}</p>}
    </div>
  );
}
