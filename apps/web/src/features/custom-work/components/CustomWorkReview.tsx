import { useState } from 'react';
import { type CustomWork, customWorkReviewBodySchema } from '@market/contracts';
import { showNotice } from '@/components/notice/notices';
import { RatingForm } from '@/components/RatingForm';
import { Stars } from '@/components/Stars';
import { formatDayUtc } from '@/lib/format';
import { useCustomWorkStep } from '../api/writeCustomWork';

/** The buyer's review of the work, once the seller has been paid for it; shown to both sides and on the product's page. */
export function CustomWorkReview({ work }: { work: CustomWork }) {
  const save = useCustomWorkStep(work._id);
  const [editing, setEditing] = useState(false);
  if (!work.review && !work.mayReview) return null;

  const form = (
    <RatingForm
      title={work.review ? 'Edit your review' : 'Review the work'}
      existing={work.review}
      schema={customWorkReviewBodySchema}
      hint="10 to 2,000 characters, shown with your name on the product’s page."
      submitLabel={work.review ? 'Save review' : 'Post review'}
      pending={save.isPending}
      error={save.error?.message}
      onEdit={() => {
        if (save.error) save.reset();
      }}
      onSubmit={(draft) =>
        save.mutate(
          { step: 'review', ...draft },
          {
            onSuccess: () => {
              showNotice(work.review ? 'Your review was updated' : 'Thank you: your review is published');
              setEditing(false);
            },
          },
        )
      }
      {...(work.review ? { onCancel: () => setEditing(false) } : {})}
    />
  );

  return (
    <section aria-labelledby="custom-work-review" className="mb-4">
      <h2 id="custom-work-review" className="h5">
        Review
      </h2>
      {work.review && !editing ? (
        <>
          <p className="mb-1">
            <Stars rating={work.review.rating} /> <span className="small text-secondary">{formatDayUtc(work.review.updatedAt)}</span>
          </p>
          <p className="text-break custom-work-message">{work.review.text}</p>
          {work.mayReview && (
            <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => setEditing(true)}>
              Edit your review
            </button>
          )}
        </>
      ) : (
        form
      )}
    </section>
  );
}
